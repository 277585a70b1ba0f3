import pg from 'pg';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench', max: Number(process.env.MAX ?? 4) });
const text = process.argv[2] ?? 'select 1';
let n = 0; const end = Date.now() + 5000;
const pid = (await pool.query('select 1')).rows;
async function loop() { while (Date.now() < end) { await pool.query({ name: 'q', text, rowMode: 'array' }); n++; } }
const t0 = process.cpuUsage();
await Promise.all(Array.from({ length: 50 }, loop));
const u = process.cpuUsage(t0);
console.log(text.slice(0, 50), 'qps', n / 5, 'node ms/q', ((u.user + u.system) / 1000 / n).toFixed(3));
await pool.end();
