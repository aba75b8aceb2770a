/**
 * A second process claiming from the outbox of the database at argv[2] (issue 25's test that
 * two servers never take one message): claims a few due rows at a time until none are left,
 * then prints the ids it took as JSON.
 */
import { openDatabase } from "../../src/db/client";
import { claimDue } from "../../src/db/queries/mail";

const database = await openDatabase(process.argv[2]!);
const owner = crypto.randomUUID();
const taken: string[] = [];
const later = new Date(Date.now() + 7_200_000);
for (;;) {
  const rows = await database.write((tx) => claimDue(tx, owner, later, new Date(later.getTime() + 60_000), 3));
  if (rows.length === 0) break;
  taken.push(...rows.map((r) => r.id));
  // real time: gives the other claiming process a turn between claims (their race is what is tested)
  await Bun.sleep(1);
}
database.close();
console.log(JSON.stringify(taken));
