/* The filters above the search results (overrides/partials/search.html): a level chip or a section
 * writes `level:core` or `section:autograd` into the query, and Material searches again; the
 * site's worker (worker.js) reads them. Typing them works the same, and the controls follow what
 * is typed. */
"use strict"
;(() => {
  const BOX = "input.md-search__input"
  const box = () => document.querySelector(BOX)
  const value = (text, key) => (text.match(new RegExp(`(?:^|\\s)${key}:(\\S*)`, "i")) || [])[1] || ""

  function sync() {
    const el = box()
    if (!el) return
    const level = value(el.value, "level").toLowerCase()
    for (const chip of document.querySelectorAll("[data-qa-search-level]"))
      chip.setAttribute("aria-pressed", String(!!level && chip.dataset.qaSearchLevel.startsWith(level)))
    const select = document.getElementById("qa-search-section")
    if (select) {
      const section = value(el.value, "section") || value(el.value, "in")
      select.value = [...select.options].some(o => o.value === section) ? section : ""
    }
  }

  function set(key, chosen) {
    const el = box()
    if (!el) return
    let text = el.value.replace(new RegExp(`(^|\\s)(${key === "section" ? "section|in" : key}):\\S*`, "gi"), " ")
    text = text.replace(/\s+/g, " ").trim()
    if (chosen) text = `${text} ${key}:${chosen}`.trim()
    el.value = text
    el.focus()
    el.dispatchEvent(new KeyboardEvent("keyup", { key: "Unidentified", bubbles: true }))
    sync()
  }

  document.addEventListener("click", ev => {
    const chip = ev.target instanceof Element && ev.target.closest("[data-qa-search-level]")
    if (!chip) return
    ev.preventDefault()
    set("level", chip.getAttribute("aria-pressed") === "true" ? "" : chip.dataset.qaSearchLevel)
  })
  document.addEventListener("change", ev => {
    if (ev.target instanceof Element && ev.target.id === "qa-search-section") set("section", ev.target.value)
  })
  for (const type of ["keyup", "focusin"])
    document.addEventListener(type, ev => {
      if (ev.target instanceof Element && ev.target.matches(BOX)) sync()
    })
  sync()  // a shared search (?q=level:core) fills the box before this runs
})()
