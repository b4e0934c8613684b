// CI pipelines and commit hooks: they are where the same checks run again, so loosening one is a
// gate changed even when no proof names it.
import type { DepRef } from './deps';
import type { WorkspaceView } from './view';

const FIXED = ['.gitlab-ci.yml', '.circleci/config.yml', 'azure-pipelines.yml', '.travis.yml', 'Jenkinsfile', 'bitbucket-pipelines.yml', '.buildkite/pipeline.yml', '.drone.yml', 'appveyor.yml', '.pre-commit-config.yaml', 'lefthook.yml', '.lefthook.yml', '.husky/pre-commit', '.husky/pre-push', '.husky/commit-msg'];
const LISTED = ['.github/workflows', '.gitlab/ci'];

export function ciFiles(view: WorkspaceView): DepRef[] {
  const out: DepRef[] = [];
  for (const p of FIXED) if (view.read(p) !== null) out.push({ path: p, role: 'ci', parts: null, via: 'CI' });
  for (const dir of LISTED) {
    for (const e of view.list(dir) ?? []) {
      if (!e.dir && /\.ya?ml$/.test(e.name)) out.push({ path: `${dir}/${e.name}`, role: 'ci', parts: null, via: 'CI' });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}
