// Runs docs/assets/search/worker.js under Node on a built site: reads {"queries": [...]} on stdin,
// writes, for each query, the result links a reader sees in Material's search box (the order
// Material renders: each group's page, then the sections scored at the group's threshold).
//
//   node tools/search/rank.cjs SITE [WORKER]        the split index, as the browser fetches it
//   QA_FULL=1 ...                                    the engine over every document's text
//                                                    (documents.json), every token's vector
//   QA_RESULTS=1 ...                                 Material's whole result for each query
//   QA_FILES=1 ...                                   the files each query fetched, typed key by key
//                                                    from a fresh worker (tools/pageweight.py);
//                                                    with QA_PASTED=1, as one query
"use strict"
const fs = require("fs")
const path = require("path")
const [site, worker] = process.argv.slice(2)
const W = require(path.resolve(worker || "docs/assets/search/worker.js"))
const dir = path.join(site, "assets", "search")
if (process.env.QA_PARAMS) Object.assign(W.P, JSON.parse(process.env.QA_PARAMS))

function read(name, kind) {
  const b = fs.readFileSync(path.join(dir, name))
  return Promise.resolve(kind === "json" ? JSON.parse(b.toString("utf8"))
    : b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength))
}

/** The full engine: documents.json, and one vectors buffer in the layout of the unsplit index. */
async function full() {
  const index = await read("index.json", "json")
  const docs = await read("documents.json", "json")
  let buffer = null
  if (index.vectors && !process.env.QA_NO_VECTORS) {
    const { dim, chunk } = index.vectors, n = index.vectors.tokens.split("\n").length
    const rows = Buffer.alloc(n * dim / 2), scales = Buffer.alloc(4 * n)
    for (let c = 0; c * chunk < n; c++) {
      const b = fs.readFileSync(path.join(dir, "v", `${c}.bin`))
      const count = Math.min(chunk, n - c * chunk)
      b.copy(rows, c * chunk * dim / 2, 0, count * dim / 2)
      b.copy(scales, 4 * c * chunk, count * dim / 2, count * dim / 2 + 4 * count)
    }
    const d = fs.readFileSync(path.join(dir, "docs.bin")), m = index.vectors.docs
    let head = Buffer.concat([rows, d.subarray(0, m * dim)])
    head = Buffer.concat([head, Buffer.alloc((4 - head.length % 4) % 4)])
    const all = Buffer.concat([head, scales, d.subarray(d.length - 4 * m)])
    buffer = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength)
    docs.vectors = { ...index.vectors, chunk: 0 }
  }
  const engine = W.create(docs, buffer)
  return { search: async (q, options) => W.materialResult(engine, engine.search(q), options) }
}

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

async function main() {
  const input = JSON.parse(fs.readFileSync(0, "utf8"))
  const out = []
  if (process.env.QA_FILES) {
    // Each query typed key by key into a fresh worker (pasted: at once): every prefix is a query (Material
    // searches on every keystroke). The files it reads, the first two included.
    const split = await W.open(read)
    for (const q of input.queries) {
      split.asked = new Set(["index.json", "docs.bin"])
      const typed = process.env.QA_PASTED ? [q] : [...q].map((_, k) => q.slice(0, k + 1))
      for (const prefix of typed) if (prefix.trim()) await split.search(prefix, {})
      out.push([...split.asked])
    }
  } else {
    const engine = process.env.QA_FULL ? await full() : await W.open(read)
    for (const q of input.queries) {
      const result = await engine.search(q, {})
      out.push(process.env.QA_RESULTS ? result : visible(result.items))
    }
  }
  process.stdout.write(JSON.stringify(out))
}
main().catch(err => { console.error(err); process.exit(1) })
