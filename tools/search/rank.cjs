// Runs docs/assets/search/worker.js under Node on a built site: reads {"queries": [...]} on stdin,
// writes, for each query, the result links a reader sees in Material's search box (the order
// Material renders: each group's page, then the sections scored at the group's threshold).
"use strict"
const fs = require("fs")
const path = require("path")
const [site, worker] = process.argv.slice(2)
const W = require(path.resolve(worker || "docs/assets/search/worker.js"))
const dir = path.join(site, "assets", "search")
const index = JSON.parse(fs.readFileSync(path.join(dir, "index.json"), "utf8"))
const vecPath = path.join(dir, "vectors.bin")
let buffer = null
if (fs.existsSync(vecPath) && !process.env.QA_NO_VECTORS) {
  const b = fs.readFileSync(vecPath)
  buffer = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)
}
if (process.env.QA_PARAMS) Object.assign(W.P, JSON.parse(process.env.QA_PARAMS))
const engine = W.create(index, buffer)
function visible(items) {
  const out = []
  for (const group of items) {
    const threshold = group[0].score
    const docs = [...group]
    let parent = docs.findIndex(d => !d.location.includes("#"))
    const [article] = docs.splice(parent, 1)
    out.push(article.location)
    let i = docs.findIndex(d => d.score < threshold)
    if (i === -1) i = docs.length
    for (const d of docs.slice(0, i)) out.push(d.location)
  }
  return out
}
const input = JSON.parse(fs.readFileSync(0, "utf8"))
const out = input.queries.map(q => visible(W.materialResult(engine, engine.search(q), {}).items))
process.stdout.write(JSON.stringify(out))
