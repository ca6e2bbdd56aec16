/* The site's search, in a web worker that speaks Material for MkDocs' search-worker protocol
 * (SETUP 0, READY 1, QUERY 2, RESULT 3: Material's integrations/search/worker), so Material's own
 * search box, keyboard navigation, "N more on this page", sharing and on-page highlighting (?h=)
 * keep working. overrides/main.html names this file as Material's worker.
 *
 * Ranking: BM25F over a question's title, its hidden search-terms line and its answer (stemmed
 * words, identifiers kept whole and split into their parts, pairs of adjacent words), fused with
 * the cosine between static word embeddings of the query and of each question (model2vec,
 * distilled from all-MiniLM-L6-v2 at build time: tools/search/). Walkthrough sections and section
 * pages weigh less than questions. Nothing is fetched until the first non-empty query; then the
 * index's first file, and for each query only the shards it reads (Split, tools/search/shards.py).
 *
 * Filters, typed into the box: `level:core` (working, expert), `section:autograd` (a section's
 * folder or a word of its title; `in:` is the same). They combine with words, or list alone.
 *
 * tools/search/tune.mjs runs this same file under Node for the tuning set (no browser).
 */
"use strict"

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3

/* Ranking parameters (tuned on tests/search/tuning.yml only) */
const P = {
  k1: 2.0,
  field: { title: 3.0, terms: 2.5, body: 1.0, section: 1.0 },  // BM25F field weights (section: its page's title)
  b: { title: 0.3, terms: 0.5, body: 0.75 },      // length normalisation per field
  pair: 0.4,                                      // weight of a matched pair of adjacent words
  coverage: 0.3,                                  // how much the share of query words found counts
  prefix: 0.5,                                    // weight of a last word completed by prefix
  prefixKnown: 0.1,                               // the same, when the last word is a word of the site
  soft: 0.3,                                      // weight of a word of SOFT
  synonym: 0.5,                                   // weight of a word of tools/search/synonyms.yml
  semantic: 1.2,                                  // weight of the embedding cosine in the fusion
  prior: { question: 1.0, walkthrough: 0.3, page: 0.35, home: 0.3 },
  ltr: null,                                      // learned weights of the features (search())
  cutoff: 0.5,                                    // results scored under this share of the best are left out
  // "Nothing here answers this well" (weak): many of the query's words are unknown to the site and the best
  // result means little like it, or the best result holds few of the words and means even less like it.
  weak: { known: 0.7, knownSem: 0.75, cover: 0.7, coverSem: 0.38 },
}

const STOP = new Set(("a an and are as at be but by can do does did doing for from had has have how i " +
  "if in into is it its it's me my of on or our so than that the their them then there these they " +
  "this those to was we were what when where which while who why will with would you your yours " +
  "should could shall am been being get gets got").split(" "))

/* ------------------------------------------------------------------------------------------- */
/* Words                                                                                       */

// Words of the way questions are asked ("what is the difference between", "explain the role of"):
// in a long question they weigh P.soft of a word.
const SOFT = new Set(("difference different differ between explain describe use used using uses work works " +
  "working mean means meaning role purpose need needed important common type types kind kinds example " +
  "examples way ways good better best happen happens main key advantage advantages disadvantage " +
  "disadvantages pros cons compare comparison versus vs typical typically usually also just some any " +
  "all each know tell understand help helps make makes affect affects effect effects impact " +
  "about above again against any both during each few further here more most once only other own " +
  "same such too very now show shows say said give given gives like just really actually please " +
  "someone something thing things mine also " +
  "neural network networks pytorch deep model models").split(" "))

const SUFFIXES = ["izations", "ization", "isations", "isation", "ational", "ations", "ation",
  "ating", "ated", "ates", "ate", "ities", "ity", "izing", "ising", "ized", "ised", "izes",
  "ises", "ize", "ise", "ings", "ing", "edly", "ed", "ers", "er", "ies", "es", "ly", "ness",
  "ments", "ment", "ably", "able", "ibly", "ible", "ally", "al", "ives", "ive", "s"]

/** A light suffix stripper: the same stem for a word's inflections (evaluate, evaluating, evaluation). */
function stem(word) {
  if (word.length <= 3 || /\d/.test(word)) return word
  let out = word
  for (const s of SUFFIXES) {
    if (!word.endsWith(s)) continue
    if (s === "s" && /(ss|us|is)$/.test(word)) continue
    if (s === "ed" && (word.endsWith("eed") || word === "embed")) continue
    let base = word.slice(0, -s.length)
    if (s === "ies") base += "y"
    if (base.length < 3) continue
    if (/(ing|ings|ed)$/.test(s) && /([^aeiouslz])\1$/.test(base)) base = base.slice(0, -1)
    out = base
    break
  }
  // save, saves, saving: one stem (a final e goes, as the suffixes take it: sav)
  return out.length > 3 && out.endsWith("e") ? out.slice(0, -1) : out
}

const RAW = /[A-Za-z0-9_]+/g
const CAMEL = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+[a-z]*/g

/**
 * The words of a text, in order: each a list of index terms at one position. An identifier
 * gives itself whole (zero_grad, dataloader) and its parts (zero, grad; data, loader).
 */
function analyze(text) {
  const out = []
  for (const m of text.matchAll(RAW)) {
    const raw = m[0]
    const whole = raw.toLowerCase()
    const parts = []
    for (const piece of raw.split("_")) {
      if (!piece) continue
      const sub = piece.match(CAMEL) || [piece]
      for (const s of sub) parts.push(s.toLowerCase())
    }
    const compound = parts.length > 1 || raw.includes("_")
    parts.forEach((p, i) => {
      const terms = STOP.has(p) ? [] : [stem(p)]
      if (compound && i === 0) terms.push(whole.replace(/^_+|_+$/g, ""))
      out.push({ terms, stop: STOP.has(p) && !compound, word: p })
    })
  }
  return out
}

function plain(html) {
  return html.replace(/<[^>]+>/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&quot;/g, "\"").replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, "&")
}

/* ------------------------------------------------------------------------------------------- */
/* Index                                                                                       */

class Field {
  constructor(text, length = 0) {
    this.tf = new Map()
    this.pairs = new Set()
    this.length = length
    let prev = null
    for (const w of analyze(text)) {
      if (w.stop) continue
      for (const t of w.terms) this.tf.set(t, (this.tf.get(t) || 0) + 1)
      this.length += 1
      const head = w.terms[0]
      if (head && prev) this.pairs.add(prev + " " + head)
      prev = head || prev
    }
  }
}

/** The text as Material's index held it: tools/search/index.py wrote `x` for <code>x</code>. */
function expand(text) {
  return text.replace(/`([^`]*)`/g, "<code>$1</code>").replace(/&#96;/g, "`")
}

/**
 * The ranking's numbers: every document's fields (term frequencies, pairs, lengths), the
 * documents' frequencies, the average lengths. Built from every document's text (`index.docs`,
 * assets/search/documents.json: the tests), or from the split index's first file (`split`), whose
 * fields start empty and are filled by Split.need() with the shards of each query's terms
 * before it is ranked: the same numbers for the terms a query reads.
 */
class Engine {
  constructor(index, vectors) {
    if (index.format === "QAS1") {
      this.docs = index.page.map((p, i) => {
        const anchor = index.anchor[i]
        const doc = { location: index.pages[p] + (anchor ? "#" + anchor : ""), kind: index.kinds[index.kind[i]] }
        if (index.level[i]) doc.level = index.levels[index.level[i] - 1]
        return doc
      })
      this.fields = this.docs.map((d, i) => ({
        title: new Field("", index.lengths[3 * i]),
        terms: new Field("", index.lengths[3 * i + 1]),
        body: new Field("", index.lengths[3 * i + 2]),
      }))
      const vocab = index.vocab ? index.vocab.split("\n") : []
      this.df = new Map(vocab.map((t, n) => [t, index.df[n]]))
    } else {
      this.docs = index.docs.map(d => ({ ...d, text: expand(d.text) }))
      this.fields = this.docs.map(d => ({
        title: new Field(plain(d.title)),
        terms: new Field(d.terms || ""),
        body: new Field(plain(d.text)),
      }))
    }
    this.sections = index.sections
    // tools/search/synonyms.yml as index terms: a group's entries ("learn rat", "lr")
    this.synonyms = index.synonyms || []
    // Each document's section title as index terms ("LLM inference": llm, inferenc)
    const sectionTerms = new Map(Object.entries(this.sections || {}).map(([slug, name]) =>
      [slug, new Set(analyze(name).flatMap(w => w.terms))]))
    this.sectionOf = this.docs.map(d => sectionTerms.get(d.location.split("/")[0]) || new Set())
    const counting = !this.df
    if (counting) this.df = new Map()
    this.pairDf = new Map()  // documents holding each pair of adjacent words (Split.pairs when split)
    this.avg = { title: 0, terms: 0, body: 0 }
    for (const f of this.fields) {
      const seen = new Set()
      for (const name of Object.keys(this.avg)) {
        this.avg[name] += f[name].length / this.docs.length
        for (const t of f[name].tf.keys()) seen.add(t)
      }
      if (counting) for (const t of seen) this.df.set(t, (this.df.get(t) || 0) + 1)
      if (counting)
        for (const k of new Set([...f.title.pairs, ...f.terms.pairs, ...f.body.pairs]))
          this.pairDf.set(k, (this.pairDf.get(k) || 0) + 1)
    }
    this.vocab = [...this.df.keys()].sort()
    this.vectors = vectors
    this.byLocation = new Map(this.docs.map(d => [d.location, d]))
  }

  idf(term) {
    const n = this.df.get(term) || 0
    return Math.log(1 + (this.docs.length - n + 0.5) / (n + 0.5))
  }

  /** A pair scores by its own rarity: "neural network" is common as a pair though each word is not. */
  pairIdf(key) {
    const n = this.pairDf.get(key) || 0
    return Math.log(1 + (this.docs.length - n + 0.5) / (n + 0.5))
  }

  /** Index terms that start with `prefix`, most frequent first (for the word being typed). */
  complete(prefix, limit = 12) {
    let lo = 0, hi = this.vocab.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.vocab[mid] < prefix) lo = mid + 1
      else hi = mid
    }
    const found = []
    for (let i = lo; i < this.vocab.length && this.vocab[i].startsWith(prefix); i++)
      if (this.vocab[i] !== prefix) found.push(this.vocab[i])
    return found.sort((a, b) => this.df.get(b) - this.df.get(a)).slice(0, limit)
  }

  /** The synonyms of the query's words: [term, the query's terms it stands for], each once. */
  expansions(words) {
    const seq = words.filter(w => !w.stop && w.terms.length).map(w => w.terms[0])
    const out = new Map()
    for (const group of this.synonyms) {
      for (const entry of group) {
        const e = entry.split(" ")
        for (let i = 0; i + e.length <= seq.length; i++) {
          if (!e.every((t, k) => seq[i + k] === t)) continue
          for (const other of group) {
            if (other === entry) continue
            for (const t of other.split(" ")) {
              if (seq.includes(t)) continue
              out.set(t, [...new Set([...(out.get(t) || []), ...e])])
            }
          }
        }
      }
    }
    return [...out]
  }

  /** Parse filters out of the query: level:core, section:autograd (or in:autograd). */
  filters(query) {
    const level = [], section = []
    const rest = query.replace(/(?:^|\s)(level|section|in):(\S*)/gi, (_, key, value) => {
      value = value.toLowerCase()
      if (key.toLowerCase() === "level") level.push(value)
      else section.push(value)
      return " "
    })
    const accept = doc => {
      if (level.length && !level.some(l => l && (doc.level || "").startsWith(l))) return false
      if (section.length && !section.some(s => s && this.inSection(doc, s))) return false
      return true
    }
    return { rest, accept, active: level.length + section.length > 0 }
  }

  inSection(doc, s) {
    const slug = doc.location.split("/")[0]
    if (slug.startsWith(s)) return true
    const name = (this.sections[slug] || "").toLowerCase()
    return name.split(/[^a-z0-9.]+/).some(w => w && w.startsWith(s))
  }

  search(query) {
    const { rest, accept, active } = this.filters(query)
    const words = analyze(rest)
    const typing = /[A-Za-z0-9_]$/.test(rest)
    const clauses = new Map()            // term -> weight of the query term
    const add = (t, w) => clauses.set(t, Math.max(clauses.get(t) || 0, w))
    words.forEach((w, i) => {
      const weight = SOFT.has(w.word) ? P.soft : 1
      for (const t of w.terms) if (this.df.has(t)) add(t, weight)
      // An identifier typed in lower case (gradscaler, dataloader) is indexed whole, unstemmed.
      if (!w.stop && !w.terms.some(t => this.df.has(t)) && this.df.has(w.word)) add(w.word, 1)
      if (typing && i === words.length - 1 && w.word.length >= 2) {
        const known = w.terms.some(t => this.df.has(t))
        for (const t of this.complete(w.word)) add(t, known ? P.prefixKnown : P.prefix)
      }
    })
    // A synonym scores as a word of the query at P.synonym (at most its word's idf), and counts
    // for its word's share of the query's words.
    const stands = new Map()
    for (const [t, of] of this.expansions(words)) {
      if (!this.df.has(t) || clauses.has(t)) continue
      const known = of.filter(o => clauses.has(o))
      if (known.length) stands.set(t, known)
    }
    const pairs = []
    let prev = null
    for (const w of words) {
      if (w.stop) continue
      const head = w.terms[0]
      if (head && prev) pairs.push([prev, head])
      prev = head || prev
    }
    const total = [...clauses].reduce((s, [t, w]) => s + w * this.idf(t), 0)
    const qvec = this.vectors ? this.vectors.query(rest) : null

    const scored = []
    this.docs.forEach((doc, i) => {
      if (!accept(doc)) return
      const f = this.fields[i]
      let lex = 0, found = 0
      const tfOf = t => {
        let tf = 0
        for (const name of ["title", "terms", "body"]) {
          const n = f[name].tf.get(t)
          if (!n) continue
          const norm = 1 - P.b[name] + P.b[name] * f[name].length / (this.avg[name] || 1)
          tf += P.field[name] * n / norm
        }
        if (P.field.section && this.sectionOf[i].has(t)) tf += P.field.section
        return tf
      }
      const matched = new Set()
      const inField = { title: 0, terms: 0, body: 0, section: 0 }
      for (const [t, w] of clauses) {
        const tf = tfOf(t)
        if (!tf) continue
        const idf = this.idf(t)
        lex += w * idf * tf / (P.k1 + tf)
        found += w * idf
        matched.add(t)
        for (const name of ["title", "terms", "body"]) if (f[name].tf.get(t)) inField[name] += w * idf
        if (this.sectionOf[i].has(t)) inField.section += w * idf
      }
      const credited = new Set()
      for (const [t, of] of stands) {
        const tf = tfOf(t)
        if (!tf) continue
        const idf = Math.min(this.idf(t), ...of.map(o => this.idf(o)))
        lex += P.synonym * idf * tf / (P.k1 + tf)
        for (const o of of) {
          if (matched.has(o) || credited.has(o)) continue
          credited.add(o)
          found += P.synonym * clauses.get(o) * this.idf(o)
        }
      }
      let pairLex = 0
      for (const [a, b] of pairs) {
        const key = a + " " + b
        const where = f.title.pairs.has(key) || f.terms.pairs.has(key) ? 1 : f.body.pairs.has(key) ? 0.5 : 0
        if (where) pairLex += P.pair * where * this.pairIdf(key)
      }
      lex += pairLex
      if (total > 0) lex *= 1 - P.coverage + P.coverage * (found / total) ** 2
      const sem = qvec ? this.vectors.similarity(qvec, i) : 0
      const share = x => (total > 0 ? x / total : 0)
      scored.push({ i, lex, sem, cover: share(found), pairLex,
        fields: [share(inField.title), share(inField.terms), share(inField.body), share(inField.section)] })
    })
    const maxLex = Math.max(1e-9, ...scored.map(s => s.lex))
    const maxSem = Math.max(1e-9, ...scored.map(s => s.sem))
    const maxPair = Math.max(1e-9, ...scored.map(s => s.pairLex))
    const results = []
    for (const s of scored) {
      let score = s.lex / maxLex
      if (qvec) score += P.semantic * Math.max(0, s.sem) / maxSem
      let features = null
      if (P.ltr || P.features) {
        const lexN = s.lex / maxLex, semN = qvec ? Math.max(0, s.sem) / maxSem : 0
        features = [lexN, semN, s.cover, ...s.fields, s.pairLex / maxPair, lexN * lexN,
          semN ** 4, qvec ? s.sem : 0, s.cover * s.cover]
        if (P.ltr) score = P.ltr.reduce((sum, w, k) => sum + w * features[k], 0)
      }
      score *= P.prior[this.docs[s.i].kind] || 1
      if (s.lex > 0 || (qvec && s.sem > 0) || (active && !words.length))
        results.push({ i: s.i, score, sem: s.sem, cover: s.cover, features })
    }
    if (!words.length && !active) return { ranked: [], words }
    results.sort((a, b) => b.score - a.score || a.i - b.i)
    const floor = words.length && results.length ? results[0].score * P.cutoff : -Infinity
    const content = words.filter(w => !w.stop)
    const known = content.filter(w => w.terms.some(t => this.df.has(t))).length / (content.length || 1)
    const best = results[0]
    const weak = !active && content.length > 0 && (!best ||
      (known < P.weak.known && best.sem < P.weak.knownSem) ||
      (best.cover < P.weak.cover && best.sem < P.weak.coverSem))
    return { ranked: results.filter(r => r.score >= floor), words, clauses, weak }
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Static word embeddings                                                                      */

/**
 * The static embeddings (tools/search/index.py), their header ({dim, tokens (one a line), docs,
 * chunk}) in index.json: the token vectors at 4 bits a number (two to a byte, the high nibble
 * first, 8 meaning 0) with a float32 scale a row, `chunk` tokens a file (v/N.bin); the document
 * vectors as int8, then a float32 scale a row (docs.bin). With chunk 0, one buffer holds all of
 * it: token rows, document rows, token scales, document scales (tools/search/rank.cjs, QA_FULL). Tokens are
 * WordPiece pieces ("##" continues a word) of the model the vectors were distilled from; a query
 * is the mean of its pieces.
 */
class Vectors {
  constructor(header, buffer) {
    this.dim = header.dim
    const tokens = header.tokens.split("\n")
    const n = tokens.length, m = header.docs
    let offset = 0
    this.chunk = header.chunk || 0
    if (this.chunk) {
      // The split index: docs.bin holds the documents' rows; the tokens' arrive by chunk (load).
      this.tokens = new Uint8Array(n * this.dim / 2)
      this.tokenScale = new Float32Array(n)
    } else {
      this.tokens = new Uint8Array(buffer, offset, n * this.dim / 2); offset += n * this.dim / 2
    }
    this.docs = new Int8Array(buffer, offset, m * this.dim); offset += m * this.dim
    offset += (4 - offset % 4) % 4
    if (!this.chunk) { this.tokenScale = new Float32Array(buffer, offset, n); offset += 4 * n }
    this.docScale = new Float32Array(buffer, offset, m)
    this.ids = new Map(tokens.map((t, i) => [t, i]))
    this.maxWord = 100
  }

  /** v/N.bin: the rows of tokens N x chunk onwards at 4 bits, then their float32 scales. */
  load(c, buffer) {
    const first = c * this.chunk, count = Math.min(this.chunk, this.ids.size - first)
    const row = this.dim / 2
    this.tokens.set(new Uint8Array(buffer, 0, count * row), first * row)
    this.tokenScale.set(new Float32Array(buffer.slice(count * row, count * row + 4 * count)), first)
  }

  /** BERT's basic tokenizer (lower case, no accents, punctuation apart), then WordPiece. */
  pieces(text) {
    const out = []
    const words = text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .match(/[a-z0-9]+|[^\sa-z0-9]/g) || []
    for (const word of words) {
      if (word.length > this.maxWord) continue
      let start = 0
      const ids = []
      while (start < word.length) {
        let end = word.length, id = -1
        while (start < end) {
          const piece = (start > 0 ? "##" : "") + word.slice(start, end)
          if (this.ids.has(piece)) { id = this.ids.get(piece); break }
          end -= 1
        }
        if (id < 0) { ids.length = 0; break }
        ids.push(id)
        start = end
      }
      out.push(...ids)
    }
    return out
  }

  query(text) {
    const ids = this.pieces(text)
    if (!ids.length) return null
    const v = new Float32Array(this.dim)
    for (const id of ids) {
      const s = this.tokenScale[id], row = id * this.dim / 2
      for (let k = 0; k < this.dim / 2; k++) {
        const byte = this.tokens[row + k]
        v[2 * k] += s * ((byte >> 4) - 8)
        v[2 * k + 1] += s * ((byte & 15) - 8)
      }
    }
    return v
  }

  similarity(v, doc) {
    if (doc * this.dim >= this.docs.length) return 0
    let dot = 0, norm = 0
    const row = doc * this.dim
    for (let k = 0; k < this.dim; k++) {
      dot += v[k] * this.docs[row + k]
      norm += v[k] * v[k]
    }
    return norm ? this.docScale[doc] * dot / Math.sqrt(norm) : 0
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Material's result format                                                                    */

function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

/** Mark the query's words in a piece of HTML (text outside tags only). */
function mark(html, words) {
  if (!words.length) return html
  const re = new RegExp(`(^|[^A-Za-z0-9])(${words.map(escapeRegExp).join("|")})`, "gi")
  return html.split(/(<[^>]+>)/).map(part => part.startsWith("<")
    ? part
    : part.replace(re, "$1<mark data-md-highlight>$2</mark>")).join("")
}

/** The first paragraph or two of a text, cut at about `limit` characters, as HTML. */
function teaser(html, limit = 320) {
  const paragraphs = html.match(/<p>[\s\S]*?<\/p>/g) || [html]
  let out = "", length = 0
  for (const p of paragraphs) {
    if (length > 0 && length + plain(p).length > limit) break
    out += p
    length += plain(p).length
    if (length > limit) break
  }
  return out
}

// The ranked documents a result shows (grouped by page): twenty, about two screens of Material's
// list. Each shown document's title and teaser is fetched (x/), so this is what a query's texts
// cost: at 60, the texts were most of what typing a query downloaded (tools/pageweight.py).
const SHOWN = 20

function materialResult(engine, found, options) {
  const { ranked, words } = found
  const typed = [...new Set(words.filter(w => !w.stop).map(w => w.word))]
  const stems = typed.map(w => stem(w))
  // The top results are always shown, whatever their page; a filter alone lists every match.
  const VISIBLE = words.length ? 3 : Infinity
  const groups = new Map()
  ranked.slice(0, SHOWN).forEach((r, rank) => {
    const doc = engine.docs[r.i]
    const page = doc.location.split("#")[0]
    if (!groups.has(page)) groups.set(page, [])
    groups.get(page).push({ r, rank })
  })
  const items = []
  for (const [page, members] of groups) {
    const top = members[0].r.score
    const visible = members.filter((m, j) => j === 0 || m.rank < VISIBLE)
    const folded = members.filter(m => !visible.includes(m))
    const item = (doc, score) => {
      const f = engine.fields[engine.docs.indexOf(doc)]
      const terms = {}
      typed.forEach((w, k) => {
        terms[w] = !!f && ["title", "terms", "body"].some(n => f[n].tf.has(stems[k]) || f[n].tf.has(w))
      })
      return {
        location: doc.location, title: mark(doc.title, typed), text: mark(teaser(doc.text), typed),
        score, terms,
      }
    }
    const group = []
    for (const m of visible) {
      const doc = engine.docs[m.r.i]
      if (doc.location === page) continue
      group.push(item(doc, top))
    }
    const pageDoc = engine.byLocation.get(page)
    const own = members.find(m => engine.docs[m.r.i].location === page)
    if (!group.length && own) {
      group.push(item(pageDoc, top))
    } else if (pageDoc) {
      group.push(item(pageDoc, 0))
    }
    for (const m of folded) {
      const doc = engine.docs[m.r.i]
      if (doc.location === page) continue
      group.push(item(doc, Math.min(m.r.score, top * 0.999)))
    }
    items.push(group)
  }
  if (found.weak && items.length) items.unshift([noMatch(engine, ranked)])
  const result = { items }
  if (options && options.suggest) {
    const last = words.length ? words[words.length - 1].word : ""
    const done = engine.complete(last, 1)
    result.suggest = last && done.length && !/\d/.test(done[0]) ? [done[0]] : []
  }
  return result
}

/** The first result when nothing answers the query well: says so, and names the nearest sections. */
function noMatch(engine, ranked) {
  const slugs = [...new Set(ranked.slice(0, 8).map(r => engine.docs[r.i].location.split("/")[0]))]
    .filter(s => engine.sections[s]).slice(0, 3)
  const names = slugs.map(s => engine.sections[s]).join(", ")
  return {
    location: slugs.length ? slugs[0] + "/" : "", score: Infinity, terms: {},
    title: '<span class="qa-no-match">No question on this site answers this well</span>',
    text: "<p>The results below only share some of its words." +
      (names ? " The nearest sections: " + names + "." : "") + "</p>",
  }
}

/* ------------------------------------------------------------------------------------------- */
/* Worker                                                                                      */

let options = {}
let loading = null

async function fetchFile(name, kind) {
  const url = new URL(name, self.location.href)
  const v = new URL(self.location.href).searchParams.get("v")
  if (v) url.searchParams.set("v", v)
  const response = await fetch(url, { cache: "no-cache" })  // revalidate: the names carry no hash
  if (!response.ok) throw new Error(`${url}: ${response.status}`)
  return kind === "json" ? response.json() : response.arrayBuffer()
}

/**
 * The split index (tools/search/shards.py): the first file (index.json) and the documents'
 * vectors (docs.bin) on the first query; then, for each query, the shards it needs and has not
 * fetched yet: the postings of its terms (t/), the pairs of its adjacent words (p/), the vectors
 * of its word pieces (v/), and the titles and teasers of the results it shows (x/). `read(name,
 * kind)` fetches one file; tools/search/rank.cjs reads them from disk.
 */
class Split {
  constructor(index, buffer, read) {
    const vectors = buffer && index.vectors ? new Vectors(index.vectors, buffer) : null
    this.engine = new Engine(index, vectors)
    this.index = index
    this.vocab = index.vocab ? index.vocab.split("\n") : []  // sorted as Python sorts: ASCII
    this.read = read
    this.files = new Map()  // name -> Promise, once per file
  }

  file(name, kind, use) {
    if (this.asked) this.asked.add(name)  // tools/search/rank.cjs counts what each query reads
    if (!this.files.has(name)) {
      const done = this.read(name, kind).then(use)
      done.catch(() => this.files.delete(name))  // a failed fetch is tried again by the next query
      this.files.set(name, done)
    }
    return this.files.get(name)
  }

  /** The range a sorted list of first keys gives `key`. */
  static range(firsts, key, list) {
    let lo = 0, hi = firsts.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if ((list ? list[firsts[mid]] : firsts[mid]) <= key) lo = mid + 1
      else hi = mid
    }
    return lo - 1
  }

  /** Every file that ranking and showing `query` reads, fetched (the search itself waits). */
  async need(query) {
    const e = this.engine, wanted = []
    const { rest } = e.filters(query)
    const words = analyze(rest)
    const typing = /[A-Za-z0-9_]$/.test(rest)
    const terms = new Set()
    words.forEach((w, i) => {
      for (const t of w.terms) if (e.df.has(t)) terms.add(t)
      if (typing && i === words.length - 1 && w.word.length >= 2)
        for (const t of e.complete(w.word)) terms.add(t)
      if (!w.stop) for (const t of [stem(w.word), w.word]) if (e.df.has(t)) terms.add(t)  // marks
    })
    for (const [t] of e.expansions(words)) if (e.df.has(t)) terms.add(t)
    for (const t of terms) {
      const s = Split.range(this.index.shards, t, this.vocab)
      wanted.push(this.file(`t/${s}.json`, "json", shard => this.postings(shard)))
    }
    let prev = null
    for (const w of words) {
      if (w.stop) continue
      const head = w.terms[0]
      if (head && prev && e.df.has(prev) && e.df.has(head)) {
        const s = Split.range(this.index.pairs, prev + " " + head)
        if (s >= 0) wanted.push(this.file(`p/${s}.json`, "json", shard => this.pairs(shard)))
      }
      prev = head || prev
    }
    const v = e.vectors
    if (v && v.chunk) {
      for (const c of new Set(v.pieces(rest).map(id => Math.floor(id / v.chunk))))
        wanted.push(this.file(`v/${c}.bin`, "buffer", buffer => v.load(c, buffer)))
    }
    await Promise.all(wanted)
  }

  postings(shard) {
    const fields = this.engine.fields
    for (const [t, flat] of Object.entries(shard)) {
      let doc = 0
      for (let k = 0; k < flat.length; k += 4) {
        doc += flat[k]
        if (flat[k + 1]) fields[doc].title.tf.set(t, flat[k + 1])
        if (flat[k + 2]) fields[doc].terms.tf.set(t, flat[k + 2])
        if (flat[k + 3]) fields[doc].body.tf.set(t, flat[k + 3])
      }
    }
  }

  pairs(shard) {
    const fields = this.engine.fields
    for (const [key, flat] of Object.entries(shard)) {
      this.engine.pairDf.set(key, flat.length)  // one entry per document holding the pair
      let doc = 0
      for (const n of flat) {
        doc += n >> 1
        fields[doc][n & 1 ? "body" : "title"].pairs.add(key)
      }
    }
  }

  /** The titles and teasers of the results shown (materialResult's first SHOWN) and their pages. */
  async texts(ranked) {
    const e = this.engine, files = new Set()
    for (const r of ranked.slice(0, SHOWN)) {
      const pageDoc = e.byLocation.get(e.docs[r.i].location.split("#")[0])
      for (const i of [r.i, pageDoc ? e.docs.indexOf(pageDoc) : -1])
        if (i >= 0) files.add(Split.range(this.index.texts, i))
    }
    await Promise.all([...files].map(n => this.file(`x/${n}.json`, "json", rows => {
      for (const [i, title, text] of rows) Object.assign(e.docs[i], { title, text })
    })))
  }

  async search(query, options) {
    await this.need(query)
    const found = this.engine.search(query)
    await this.texts(found.ranked)
    return materialResult(this.engine, found, options)
  }
}

/** The split index, opened with `read(name, kind)` (kind "json" or "buffer"). */
async function open(read) {
  const [index, buffer] = await Promise.all([
    read("index.json", "json"),
    read("docs.bin", "buffer").catch(err => { console.warn(err); return null }),
  ])
  return new Split(index, buffer, read)
}

function load() {
  if (!loading) loading = open(fetchFile)
  return loading
}

/** The engine over every document's text (documents.json) and a full vectors buffer: the tests. */
function create(index, buffer) {
  const vectors = buffer && index.vectors ? new Vectors(index.vectors, buffer) : null
  return new Engine(index, vectors)
}

async function handle(message) {
  switch (message.type) {
    case SETUP:
      options = (message.data && message.data.options) || {}
      return { type: READY }
    case QUERY: {
      const query = String(message.data || "")
      if (!query.trim()) return { type: RESULT, data: { items: [] } }
      try {
        const split = await load()
        return { type: RESULT, data: await split.search(query, options) }
      } catch (err) {
        console.warn(`search failed for ${JSON.stringify(query)}`, err)
        return { type: RESULT, data: { items: [] } }
      }
    }
    default:
      throw new TypeError("Invalid message type")
  }
}

if (typeof module !== "undefined" && module.exports) {
  module.exports = { Engine, Vectors, Split, open, create, materialResult, analyze, stem, P }
} else {
  // Answer in order: a query waits for the one before it (each keystroke is a query).
  let queue = Promise.resolve()
  self.addEventListener("message", ev => {
    queue = queue.then(() => handle(ev.data)).then(reply => self.postMessage(reply))
  })
}
