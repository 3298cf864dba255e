import { rmSync, mkdirSync } from "node:fs"
import { openDatabase } from "../apps/server/src/db/database"
import { migrate } from "../apps/server/src/db/migrate"
const dir = "/tmp/prof/d2"
rmSync(dir, { recursive: true, force: true }); mkdirSync(dir, { recursive: true })
const cpu = () => { const u = process.cpuUsage(); return ((u.user + u.system) / 1e6).toFixed(2) }
let t = performance.now()
const lap = (what: string) => { console.log(what, ((performance.now() - t) / 1000).toFixed(2), "s wall, cpu total", cpu()); t = performance.now() }
const db = await openDatabase({ kind: "pglite", dataDir: dir } as never)
lap("open empty")
await migrate(db.db as never)
lap("migrate")
await db.close()
lap("close")
const db2 = await openDatabase({ kind: "pglite", dataDir: dir } as never)
lap("reopen")
await migrate(db2.db as never)
lap("migrate again")
await db2.close()
lap("close")
