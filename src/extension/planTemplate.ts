// What New Plan writes: a plan the meter reads as it stands, two of Claude's steps and one check of the
// person's. Kept free of the vscode module so the walkthrough's unit tests read the same text.

export const PLAN_TEMPLATE = `# Goal title

One or two lines on what this goal is for.

## Steps

1. **S1.** What Claude builds first. Proof: \`npm run build\`
2. **S2.** What it builds next. Proof: \`npm test\`

## Checks

- **V1.** What you check yourself. Proof: human — you try it and say so
`;
