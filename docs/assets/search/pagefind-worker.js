/* Candidate (b) of tools/search/: Pagefind behind Material's search box. Speaks Material's
 * search-worker protocol (SETUP 0, READY 1, QUERY 2, RESULT 3) like worker.js, and asks
 * Pagefind's own module (pagefind/pagefind.js, one record per question: tools/search/pagefind.py)
 * for the ranking. Filters as in worker.js: level:core, section:autograd. */
"use strict"

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3
const SHOWN = 60
let pagefind = null
let options = {}

function base() {
  return new URL("../../", self.location.href)
}

async function load() {
  if (!pagefind) {
    pagefind = import(new URL("pagefind/pagefind.js", base()).href).then(async pf => {
      await pf.options({ basePath: new URL("pagefind/", base()).pathname, excerptLength: 40, ranking: RANKING })
      await pf.init()
      return pf
    })
  }
  return pagefind
}

function parse(query) {
  const filters = {}
  const rest = query.replace(/(?:^|\s)(level|section|in):(\S*)/gi, (_, key, value) => {
    key = key.toLowerCase() === "level" ? "level" : "section"
    if (value) (filters[key] = filters[key] || { any: [] }).any.push(value.toLowerCase())
    return " "
  })
  return { rest: rest.trim(), filters }
}

const STOP = new Set(("a an and are as at be but by can do does did for from had has have how i if in " +
  "into is it its me my of on or our so than that the their them then there these they this those to " +
  "was we were what when where which while who why will with would you your should could am been").split(" "))

/* Pagefind returns the records that hold every word of a query: a question in plain words finds
 * nothing. So each word is also searched alone and a record scores the sum of its words' scores,
 * with a bonus where it holds them all (tuned on tests/search/tuning.yml). */
const ALL_WORDS_BONUS = 1.0
const PRIOR = { question: 1.0, walkthrough: 0.3, page: 0.3, home: 0.3 }
const RANKING = {}  // Pagefind's defaults

async function search(query) {
  const pf = await load()
  const { rest, filters } = parse(query)
  const words = [...new Set(rest.toLowerCase().split(/[^a-z0-9_]+/).filter(w => w && !STOP.has(w)))]
  const scores = new Map(), byId = new Map()
  const add = (found, weight) => {
    for (const r of found.results) {
      byId.set(r.id, r)
      scores.set(r.id, (scores.get(r.id) || 0) + weight * r.score)
    }
  }
  const full = await pf.search(rest || null, { filters })
  const top = Math.max(0, ...full.results.map(r => r.score))
  add(full, 1 + ALL_WORDS_BONUS)
  if (words.length > 1)
    for (const w of words) add(await pf.search(w, { filters }), 1 / Math.max(1, top))
  const order = [...scores].sort((a, b) => b[1] - a[1]).slice(0, SHOWN)
  const data = await Promise.all(order.map(([id]) => byId.get(id).data()))
  const ranked = data.map((d, i) => ({
    location: d.url.replace(/^\//, "").replace(base().pathname.replace(/^\//, ""), ""),
    title: d.meta.title, text: `<p>${d.excerpt}</p>`, score: order[i][1] * (PRIOR[d.meta.kind] || 1),
    terms: Object.fromEntries(words.map(w => [w, true])),
  })).sort((a, b) => b.score - a.score)
  // Group by page as Material shows results, the top three always visible (as worker.js does).
  const groups = new Map()
  ranked.forEach((r, rank) => {
    const page = r.location.split("#")[0]
    if (!groups.has(page)) groups.set(page, [])
    groups.get(page).push({ r, rank })
  })
  const items = []
  for (const [page, members] of groups) {
    const top = members[0].r.score
    const visible = members.filter((m, j) => j === 0 || m.rank < 3)
    const group = visible.filter(m => m.r.location !== page).map(m => ({ ...m.r, score: top }))
    const own = members.find(m => m.r.location === page)
    if (!group.length && own) group.push({ ...own.r, score: top })
    else group.push(own ? { ...own.r, score: 0 } : { location: page, title: page || "Home", text: "", score: 0, terms: {} })
    for (const m of members) if (!visible.includes(m) && m.r.location !== page) group.push({ ...m.r, score: Math.min(m.r.score, top * 0.999) })
    items.push(group)
  }
  return { items, ...(options.suggest ? { suggest: [] } : {}) }
}

let queue = Promise.resolve()
self.addEventListener("message", ev => {
  queue = queue.then(async () => {
    const message = ev.data
    if (message.type === SETUP) {
      options = (message.data && message.data.options) || {}
      return { type: READY }
    }
    const query = String(message.data || "")
    if (!query.trim()) return { type: RESULT, data: { items: [] } }
    try {
      return { type: RESULT, data: await search(query) }
    } catch (err) {
      console.warn(err)
      return { type: RESULT, data: { items: [] } }
    }
  }).then(reply => self.postMessage(reply))
})
