// The attacker of scripts/bench/hostile-files.js, in a process of its own so its uploads never hold
// the event loop that times the other user's requests: the lying .xlsx posted three at a time to
// the preview until the time is up; prints the answers it got, counted, as one JSON line.
// node scripts/bench/lying-attack.js BASE COOKIE MACHINE_ID MILLISECONDS
import { lyingXlsx } from "../xlsx-bomb.js";

const [base, cookie, machineId, milliseconds] = process.argv.slice(2);
const lying = lyingXlsx({ megabytes: 4 });
const answers = {};
const until = performance.now() + Number(milliseconds);
while (performance.now() < until) {
  await Promise.all(
    [1, 2, 3].map(async () => {
      const form = new FormData();
      form.set("month", "2026-10");
      form.set("reportFile", new Blob([lying]), "lying.xlsx");
      const answer = await fetch(`${base}/api/machines/${machineId}/records/preview`, {
        method: "POST",
        headers: { cookie, origin: base },
        body: form,
      });
      const { message } = await answer.json();
      const key = `${answer.status} "${message}"`;
      answers[key] = (answers[key] ?? 0) + 1;
    }),
  );
}
console.log(JSON.stringify({ bytes: lying.length, answers }));
