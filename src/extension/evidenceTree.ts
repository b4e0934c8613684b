// The evidence browser as a native TreeView (proofmeter.items): the goal's items grouped by state,
// with ThemeIcons, a description, an inline "open run" action and the open count as the view's
// badge. VS Code gives it keyboard use, screen reader labels and type-to-filter. The nodes come from
// treeNodes.ts; this file only renders them and follows the meter.
import * as vscode from 'vscode';
import type { Meter } from './meter';
import { HAS_GOAL_KEY, ITEMS_VIEW, treeModel, type GroupNode, type ItemNode, type TreeIcon, type TreeModel } from './treeNodes';


type Node = GroupNode | ItemNode;

function themeIcon(i: TreeIcon): vscode.ThemeIcon {
  return i.color ? new vscode.ThemeIcon(i.id, new vscode.ThemeColor(i.color)) : new vscode.ThemeIcon(i.id);
}

export class EvidenceTree implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly view: vscode.TreeView<Node>;
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private model: TreeModel = treeModel(null);
  private hasGoal: boolean | null = null;

  constructor(private readonly meter: () => Meter | undefined) {
    this.view = vscode.window.createTreeView(ITEMS_VIEW, { treeDataProvider: this, showCollapseAll: true });
    this.disposables.push(
      this.view,
      this.view.onDidChangeVisibility((e) => {
        if (e.visible) this.meter()?.ensureLive('items view shown');
      }),
    );
    if (this.view.visible) this.meter()?.ensureLive('items view shown');
    this.refresh();
  }

  /** The meter's state changed (or the meter was replaced): the tree, its badge and message follow. */
  refresh(): void {
    const m = this.meter();
    if (m && !m.ready && this.view.visible) m.ensureLive('items view shown');
    const s = m?.idleState();
    this.model = m ? treeModel(m.ready ? (s?.tally ?? null) : null, { fault: s?.fault ?? null }) : { groups: [], badge: null, message: 'Open a folder to meter a goal.' };
    if (m && !m.ready && !s?.fault) this.model = { ...this.model, message: m.hasGoal() ? 'Reading the goal…' : this.model.message };
    // Set only on a change: each set re-renders the view's header and the activity bar entry.
    const b = this.model.badge;
    const was = this.view.badge;
    if (b?.value !== was?.value || b?.tooltip !== was?.tooltip) this.view.badge = b ? { ...b } : undefined;
    if ((this.view.message ?? null) !== this.model.message) this.view.message = this.model.message ?? undefined;
    // The empty tree's welcome content (viewsWelcome) shows while no goal exists.
    const hasGoal = m?.hasGoal() ?? false;
    if (hasGoal !== this.hasGoal) {
      this.hasGoal = hasGoal;
      void vscode.commands.executeCommand('setContext', HAS_GOAL_KEY, hasGoal);
    }
    this.changed.fire();
  }

  /** What the tree shows now (for the extension-host tests). */
  snapshot(): TreeModel & { visible: boolean } {
    return { ...this.model, visible: this.view.visible };
  }

  getChildren(node?: Node): Node[] {
    if (!node) return this.model.groups;
    return node.kind === 'group' ? node.items : [];
  }

  getParent(node: Node): Node | undefined {
    return node.kind === 'item' ? this.model.groups.find((g) => g.key === node.group) : undefined;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'group') {
      const t = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      t.id = `group:${node.key}`;
      t.description = node.description;
      t.iconPath = themeIcon(node.icon);
      t.contextValue = 'group';
      t.accessibilityInformation = { label: `${node.label}: ${node.items.length} item${node.items.length === 1 ? '' : 's'}` };
      return t;
    }
    const t = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
    t.id = `item:${node.id}`;
    t.description = node.description;
    t.tooltip = node.tooltip;
    t.iconPath = themeIcon(node.icon);
    t.contextValue = node.closable ? 'item.closable' : node.run ? 'item.run' : 'item';
    t.accessibilityInformation = { label: `${node.label}, ${node.description}` };
    const plan = this.meter()?.planPath();
    if (plan && node.planLine >= 1) {
      const line = node.planLine - 1;
      t.command = { title: 'Open Plan at Item', command: 'vscode.open', arguments: [vscode.Uri.file(plan), { selection: new vscode.Range(line, 0, line, 0), preview: true }] };
    }
    return t;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
