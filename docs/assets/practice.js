// Practice on the reader's device: level chips, practice mode, self-grading and the progress it keeps.
//
// - Every question (an h2 followed by the build's .qa-report) has a row under it, and each section page a
//   toolbar, both in the page as built (tools/mkdocs_hooks.py, outside the heading's text, the table of
//   contents and the search index), so that nothing moves when this script gives them their behaviour: the
//   level chip, the reader's last grade and when, and three buttons to grade oneself. The toolbar gets
//   data-ready once they work.
// - Practice mode hides every answer behind a "Show answer" button, limited to the levels the reader picks;
//   "Random question" jumps to another question of those levels.
// - A filter shows only what the reader missed, or only what they have not graded yet.
// - Grades live in localStorage (qa-progress) and nowhere else: nothing is sent anywhere. The mock interview
//   page (assets/mock-interview.js) exports, imports and clears them, through window.qaPractice below.
//
// Material's instant navigation replaces the page without loading it: document$ emits for every page shown,
// and setup() runs again for each.
(function () {
  "use strict";

  var ROOT = new URL("..", document.currentScript.src); // the site root: this file is assets/practice.js
  var LEVELS = { core: "Core", working: "Working", expert: "Expert" };
  var GRADES = { knew: "Knew it", shaky: "Shaky", missed: "Missed" };
  var SCOPES = { page: "from this page", section: "from this section", site: "from the site" };
  var FILTERS = {
    all: "every question",
    missed: "only what I missed",
    review: "only what I missed or was shaky on",
    ungraded: "only what I have not graded yet",
  };
  var KEY = {
    practice: "qa-practice", // "on" | "off"
    levels: "qa-practice-levels", // JSON list of the levels practice mode asks
    filter: "qa-filter", // a key of FILTERS
    progress: "qa-progress", // {version: 1, grades: {id: {grade, at}}}
    scope: "qa-random-scope", // a key of SCOPES
    landed: "qa-random-landed", // the id of the question the last random draw landed on
  };
  var FORMAT = "pytorch-interview-qa/progress"; // what an exported file says it is
  var ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/; // a question's id (tools/qa/rules.py: heading-id)
  var HIDDEN = "qa-practice-hidden"; // an answer part hidden by practice mode
  var FILTERED = "qa-filtered"; // a whole question hidden by the level or progress filter

  // --- storage -------------------------------------------------------------------------------------

  // Where localStorage refuses to store (disabled, full), what the reader chooses is kept here instead: it
  // lasts while the tab is open (instant navigation keeps this script running).
  var memory = null;

  function read(key) {
    if (memory) return Object.prototype.hasOwnProperty.call(memory, key) ? memory[key] : null;
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }

  // Whether the value went to localStorage.
  function write(key, value) {
    if (!memory) {
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
        return true;
      } catch (e) {
        memory = {};
      }
    }
    if (value === null) delete memory[key];
    else memory[key] = value;
    return false;
  }

  function readJSON(key) {
    try {
      return JSON.parse(read(key));
    } catch (e) {
      return null;
    }
  }

  // --- progress: each question's last grade, keyed by its id (ids are stable and unique site-wide) ---

  var listeners = [];

  function onProgress(fn) {
    listeners.push(fn);
  }

  function changed() {
    listeners.forEach(function (fn) {
      fn();
    });
  }

  function validRecord(r) {
    return (
      r !== null &&
      typeof r === "object" &&
      Object.prototype.hasOwnProperty.call(GRADES, r.grade) &&
      typeof r.at === "string" &&
      !isNaN(Date.parse(r.at))
    );
  }

  function grades() {
    var data = readJSON(KEY.progress);
    var out = {};
    if (data && typeof data.grades === "object" && data.grades) {
      Object.keys(data.grades).forEach(function (id) {
        if (ID.test(id) && validRecord(data.grades[id])) {
          out[id] = { grade: data.grades[id].grade, at: data.grades[id].at };
        }
      });
    }
    return out;
  }

  function save(all) {
    var ok = write(KEY.progress, JSON.stringify({ version: 1, grades: all }));
    changed();
    return ok;
  }

  function setGrade(id, grade) {
    var all = grades();
    if (grade) all[id] = { grade: grade, at: new Date().toISOString() };
    else delete all[id];
    return save(all);
  }

  function clearProgress() {
    write(KEY.progress, null);
    changed();
  }

  function exportText() {
    return JSON.stringify(
      { format: FORMAT, version: 1, exported: new Date().toISOString(), grades: grades() },
      null,
      1
    );
  }

  // The grades of an exported file, or an Error whose message says what is wrong with it. Nothing is
  // stored here: the caller merges only what passed.
  function parseExport(text) {
    var data;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return new Error("This file is not JSON, so it cannot be a progress file exported by this site.");
    }
    if (!data || typeof data !== "object" || Array.isArray(data) || data.format !== FORMAT) {
      return new Error(
        'This JSON file is not a progress file exported by this site (it does not say "format": "' +
          FORMAT +
          '").'
      );
    }
    if (data.version !== 1) {
      return new Error(
        "This progress file has version " + JSON.stringify(data.version) + "; this site reads version 1."
      );
    }
    if (!data.grades || typeof data.grades !== "object" || Array.isArray(data.grades)) {
      return new Error('This progress file has no "grades" object.');
    }
    var soon = Date.now() + 36e5 * 24; // a clock a day ahead is a clock, a year ahead a corrupted file
    var ids = Object.keys(data.grades);
    for (var i = 0; i < ids.length; i++) {
      var id = ids[i];
      var r = data.grades[id];
      if (!ID.test(id)) {
        return new Error("This progress file is corrupted: " + JSON.stringify(id) + " is not a question id.");
      }
      if (!validRecord(r)) {
        return new Error(
          "This progress file is corrupted: the grade of " +
            JSON.stringify(id) +
            " is not one of knew, shaky or missed with the date it was given."
        );
      }
      if (Date.parse(r.at) > soon) {
        return new Error(
          "This progress file is corrupted: the grade of " + JSON.stringify(id) + " is dated in the future."
        );
      }
    }
    var out = {};
    ids.forEach(function (id) {
      out[id] = { grade: data.grades[id].grade, at: new Date(data.grades[id].at).toISOString() };
    });
    return out;
  }

  // Merges imported grades: for each question the later of the two grades wins.
  function mergeGrades(incoming) {
    var all = grades();
    var added = 0;
    var older = 0;
    Object.keys(incoming).forEach(function (id) {
      var mine = all[id];
      if (!mine || Date.parse(incoming[id].at) >= Date.parse(mine.at)) {
        all[id] = incoming[id];
        added++;
      } else {
        older++;
      }
    });
    return { added: added, older: older, stored: save(all) };
  }

  // --- the questions of the site (assets/questions.json, written by the build) ----------------------

  var questionList = null;

  function questions() {
    if (!questionList) {
      questionList = fetch(new URL("assets/questions.json", ROOT)).then(function (response) {
        if (!response.ok) throw new Error("assets/questions.json: HTTP " + response.status);
        return response.json();
      });
      questionList.catch(function () {
        questionList = null; // try again next time
      });
    }
    return questionList;
  }

  // --- small pieces of the page, shared with the mock interview --------------------------------------

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k];
      else if (k === "className") e.className = attrs[k];
      else if (attrs[k] === true) e.setAttribute(k, "");
      else if (attrs[k] !== false && attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      if (c !== null && c !== undefined) e.append(c);
    });
    return e;
  }

  function button(text, className, attrs) {
    return el("button", Object.assign({ type: "button", className: className, text: text }, attrs || {}));
  }

  // A level chip: "Core", "Working" or "Expert", read by a screen reader as "Level: Core".
  function chip(level) {
    if (!Object.prototype.hasOwnProperty.call(LEVELS, level)) return null;
    return el("span", { className: "qa-level", "data-level": level }, [
      el("span", { className: "qa-sr-only", text: "Level: " }),
      LEVELS[level],
    ]);
  }

  function formatDate(iso) {
    var d = new Date(iso);
    return d.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
  }

  // "Missed on 3 Dec 2025", with the date as a <time>.
  function gradeText(record) {
    if (!record) return [document.createTextNode("Not graded yet")];
    return [
      el("span", { className: "qa-grade-word", "data-grade": record.grade, text: GRADES[record.grade] }),
      " on ",
      el("time", { datetime: record.at, text: formatDate(record.at) }),
    ];
  }

  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many || one + "s");
  }

  function counts(records) {
    var c = { knew: 0, shaky: 0, missed: 0 };
    records.forEach(function (r) {
      if (r) c[r.grade]++;
    });
    return c;
  }

  function matchesFilter(record, filter) {
    if (filter === "missed") return !!record && record.grade === "missed";
    if (filter === "review") return !!record && record.grade !== "knew";
    if (filter === "ungraded") return !record;
    return true;
  }

  window.qaPractice = {
    ROOT: ROOT,
    LEVELS: LEVELS,
    GRADES: GRADES,
    FORMAT: FORMAT,
    grades: grades,
    setGrade: setGrade,
    clearProgress: clearProgress,
    exportText: exportText,
    parseExport: parseExport,
    mergeGrades: mergeGrades,
    onProgress: onProgress,
    questions: questions,
    el: el,
    button: button,
    chip: chip,
    gradeText: gradeText,
    plural: plural,
    counts: counts,
    matchesFilter: matchesFilter,
    read: read,
    write: write,
    readJSON: readJSON,
  };

  // --- section pages ---------------------------------------------------------------------------------

  function practiceOn() {
    return read(KEY.practice) === "on";
  }

  function practiceLevels() {
    var v = readJSON(KEY.levels);
    if (!Array.isArray(v)) return Object.keys(LEVELS);
    return v.filter(function (l) {
      return Object.prototype.hasOwnProperty.call(LEVELS, l);
    });
  }

  function currentFilter() {
    var f = read(KEY.filter);
    return Object.prototype.hasOwnProperty.call(FILTERS, f) ? f : "all";
  }

  // A question is an h2 followed by its "report a problem" link (tools/mkdocs_hooks.py).
  function questionHeadings(content) {
    return Array.prototype.filter.call(content.querySelectorAll(":scope > h2[id]"), function (h) {
      return h.nextElementSibling && h.nextElementSibling.matches(".qa-report");
    });
  }

  // Everything of a question after its heading, up to the next h1 or h2.
  function parts(heading) {
    var out = [];
    for (var e = heading.nextElementSibling; e && !e.matches("h1, h2"); e = e.nextElementSibling) out.push(e);
    return out;
  }

  // The answer: the parts that are neither this script's, the question's row, nor the question itself (a
  // coding question's task and its exercise downloads stay visible). The grade buttons after the answer are
  // part of it: in practice mode a reader grades what was revealed.
  function answerParts(heading) {
    return parts(heading).filter(function (e) {
      return !e.matches(".qa-report, .qa-reveal, .admonition.question, .qa-exercise");
    });
  }

  function hashId() {
    try {
      return decodeURIComponent(location.hash.slice(1));
    } catch (e) {
      return "";
    }
  }

  // The row under a question (in the page as built, tools/mkdocs_hooks.py): its level, the reader's last
  // grade, the grade buttons. Pressing the grade already given takes it back.
  function bindCard(card) {
    var id = card.getAttribute("data-question");
    card.querySelectorAll(".qa-grade__button").forEach(function (b) {
      b.addEventListener("click", function () {
        setGrade(id, b.getAttribute("aria-pressed") === "true" ? null : b.getAttribute("data-grade"));
      });
    });
  }

  function showGrades(content) {
    var all = grades();
    content.querySelectorAll(".qa-card").forEach(function (c) {
      var record = all[c.getAttribute("data-question")] || null;
      var last = c.querySelector(".qa-card__last");
      var text = gradeText(record);
      // Only a real change is written: a live region announces every write.
      var key = record ? record.grade + record.at : "";
      if (last.getAttribute("data-key") !== key || !last.firstChild) {
        last.setAttribute("data-key", key);
        last.replaceChildren.apply(last, text);
      }
      c.classList.toggle("qa-card--graded", !!record);
      c.querySelectorAll(".qa-grade__button").forEach(function (b) {
        b.setAttribute("aria-pressed", String(!!record && record.grade === b.getAttribute("data-grade")));
      });
    });
  }

  function setShown(heading, reveal, shown) {
    answerParts(heading).forEach(function (e) {
      e.classList.toggle(HIDDEN, !shown);
      // A coding question's collapsed solution (tools/mkdocs_hooks.py, collapse_solutions) opens with it.
      if (shown && e.matches("details.qa-solution")) e.open = true;
    });
    reveal.setAttribute("aria-expanded", String(shown));
    reveal.textContent = shown ? "Hide answer" : "Show answer";
  }

  // Applies practice mode, its levels and the progress filter to the page. `keep`: the id of a question to
  // show whatever the filters (the one a link points at).
  function apply(content, keep) {
    var on = practiceOn();
    var levels = practiceLevels();
    var filter = currentFilter();
    var all = grades();
    var bar = content.querySelector(".qa-practice");
    if (!bar) return;
    bar.querySelector(".qa-practice__toggle").setAttribute("aria-pressed", String(on));
    bar.querySelector(".qa-practice__levels").hidden = !on;
    bar.querySelectorAll(".qa-practice__levels input").forEach(function (box) {
      box.checked = levels.indexOf(box.value) >= 0;
    });
    bar.querySelector(".qa-practice__filter").value = filter;
    var headings = questionHeadings(content);
    var shown = 0;
    headings.forEach(function (heading) {
      var reveal = content.querySelector('.qa-reveal[data-question="' + heading.id + '"]');
      if (on && !reveal) {
        reveal = button("Show answer", "md-button qa-reveal", {
          "data-question": heading.id,
          "aria-expanded": "false",
        });
        reveal.addEventListener("click", function () {
          setShown(heading, reveal, reveal.getAttribute("aria-expanded") !== "true");
        });
        // After the question's own parts: its row, and a coding question's task and downloads.
        var after = heading.nextElementSibling; // the row
        while (after.nextElementSibling && after.nextElementSibling.matches(".admonition.question, .qa-exercise")) {
          after = after.nextElementSibling;
        }
        after.after(reveal);
        setShown(heading, reveal, false);
      } else if (!on && reveal) {
        reveal.remove();
        answerParts(heading).forEach(function (e) {
          e.classList.remove(HIDDEN);
        });
      }
      var level = heading.getAttribute("data-level");
      var visible =
        heading.id === keep ||
        ((!on || !level || levels.indexOf(level) >= 0) && matchesFilter(all[heading.id] || null, filter));
      if (visible) shown++;
      [heading].concat(parts(heading)).forEach(function (e) {
        e.classList.toggle(FILTERED, !visible);
      });
    });
    status(content, headings, shown);
  }

  function status(content, headings, shown) {
    var all = grades();
    var records = headings.map(function (h) {
      return all[h.id] || null;
    });
    var graded = records.filter(Boolean).length;
    var c = counts(records);
    var text =
      "Your progress on this page: " +
      graded +
      " of " +
      plural(headings.length, "question") +
      " graded" +
      (graded ? " (" + c.knew + " knew it, " + c.shaky + " shaky, " + c.missed + " missed)" : "") +
      ". ";
    if (shown < headings.length) {
      text += shown
        ? "Showing " + shown + " of " + headings.length + "."
        : "No question on this page matches what you chose to show.";
    }
    var line = content.querySelector(".qa-practice__status");
    if (line.textContent !== text) line.textContent = text;
  }

  function randomQuestion(content) {
    var levels = practiceOn() ? practiceLevels() : Object.keys(LEVELS);
    questions().then(function (list) {
      var here = location.pathname + location.hash;
      var scope = currentScope();
      var mine = list.filter(function (q) {
        return new URL(q.url, ROOT).pathname === location.pathname;
      });
      var section = mine.length ? mine[0].section : null;
      var others = list.filter(function (q) {
        var url = new URL(q.url, ROOT);
        if (scope === "page" && url.pathname !== location.pathname) return false;
        if (scope === "section" && q.section !== section) return false;
        return levels.indexOf(q.level) >= 0 && url.pathname + url.hash !== here;
      });
      if (!others.length) return;
      var target = new URL(others[Math.floor(Math.random() * others.length)].url, ROOT);
      write(KEY.landed, decodeURIComponent(target.hash.slice(1)));
      if (target.pathname === location.pathname) {
        var id = decodeURIComponent(target.hash.slice(1));
        apply(content, id); // shown even if the filter hides it
        var heading = document.getElementById(id);
        var reveal = content.querySelector('.qa-reveal[data-question="' + id + '"]');
        if (heading && reveal) setShown(heading, reveal, false); // a new card: its answer starts hidden
        location.hash = target.hash;
        markLanded(content);
      } else {
        location.assign(target);
      }
    });
  }

  // Where "Random question" draws from: this page, this section or the site (the toolbar's select).
  function currentScope() {
    var s = read(KEY.scope);
    return Object.prototype.hasOwnProperty.call(SCOPES, s) ? s : "site";
  }

  // The question a random draw landed on is marked (qa-landed) until the next draw.
  function markLanded(content) {
    var id = read(KEY.landed);
    content.querySelectorAll("h2.qa-landed").forEach(function (h) {
      if (h.id !== id) h.classList.remove("qa-landed");
    });
    var heading = id && document.getElementById(id);
    if (heading && heading.matches("h2")) heading.classList.add("qa-landed");
  }

  // The toolbar before a section's first question (in the page as built, tools/mkdocs_hooks.py).
  function bindToolbar(content, bar) {
    bar.querySelector(".qa-practice__toggle").addEventListener("click", function () {
      write(KEY.practice, practiceOn() ? "off" : "on");
      apply(content, hashId());
    });
    bar.querySelector(".qa-practice__random").addEventListener("click", function () {
      randomQuestion(content);
    });
    var scope = bar.querySelector(".qa-practice__scope");
    scope.value = currentScope();
    scope.addEventListener("change", function () {
      write(KEY.scope, scope.value);
    });
    var levels = bar.querySelector(".qa-practice__levels");
    levels.querySelectorAll("input").forEach(function (box) {
      box.addEventListener("change", function () {
        var chosen = Array.prototype.map.call(levels.querySelectorAll("input:checked"), function (b) {
          return b.value;
        });
        write(KEY.levels, JSON.stringify(chosen));
        apply(content, hashId());
      });
    });
    var select = bar.querySelector(".qa-practice__filter");
    select.addEventListener("change", function () {
      write(KEY.filter, select.value);
      apply(content, "");
    });
  }

  function setup() {
    var content = document.querySelector(".md-content__inner");
    var bar = content && content.querySelector(".qa-practice");
    if (!bar || bar.hasAttribute("data-ready")) return;
    bindToolbar(content, bar);
    content.querySelectorAll(".qa-card").forEach(bindCard);
    showGrades(content);
    apply(content, hashId());
    markLanded(content);
    // Live regions from now on: what they said on arrival is not announced on every page.
    content.querySelectorAll(".qa-card__last").forEach(function (e) {
      e.setAttribute("aria-live", "polite");
    });
    bar.querySelector(".qa-practice__status").setAttribute("role", "status");
    bar.setAttribute("data-ready", "");
    // Hiding answers and questions moves the question a link points at: scroll to it again.
    var target = location.hash && document.getElementById(hashId());
    if (target && (practiceOn() || currentFilter() !== "all")) target.scrollIntoView();
  }

  function refresh() {
    var content = document.querySelector(".md-content__inner");
    if (!content || !content.querySelector(".qa-practice")) return;
    showGrades(content);
    status(
      content,
      questionHeadings(content),
      questionHeadings(content).filter(function (h) {
        return !h.classList.contains(FILTERED);
      }).length
    );
  }

  onProgress(refresh);
  // Grades given in another tab.
  window.addEventListener("storage", function (e) {
    if (e.key === KEY.progress || e.key === null) changed();
  });
  // A link to a question the filters hide shows it.
  window.addEventListener("hashchange", function () {
    var content = document.querySelector(".md-content__inner");
    var id = hashId();
    var target = id && document.getElementById(id);
    if (!content || !target || !target.classList.contains(FILTERED)) return;
    apply(content, id);
    target.scrollIntoView();
  });

  if (window.document$) window.document$.subscribe(setup);
  else setup();
})();
