import fs from "node:fs";
import * as XLSX from "xlsx";
const b = new Uint8Array(fs.readFileSync("/tmp/vendboard-profile-50k.xlsx"));
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  const c = process.cpuUsage();
  XLSX.read(b, {
    type: "array",
    dense: true,
    cellText: false,
    cellHTML: false,
    cellNF: false,
    cellStyles: false,
    cellFormula: false,
  });
  const u = process.cpuUsage(c);
  console.log("floor", Math.round(performance.now() - t), "ms wall,", Math.round((u.user + u.system) / 1000), "ms cpu");
}
