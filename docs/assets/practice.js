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
  // A coding exercise's state, set by the reader (the check runs on their machine, not here).
  var EXERCISE_STATES = { attempted: "Attempted", solved: "Solved" };
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
    progress: "qa-progress", // {version: 1, grades: {id: {grade, at}}, exercises: {id: {state, at}}}
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

  function validExercise(r) {
    return (
      r !== null &&
      typeof r === "object" &&
      Object.prototype.hasOwnProperty.call(EXERCISE_STATES, r.state) &&
      typeof r.at === "string" &&
      !isNaN(Date.parse(r.at))
    );
  }

  // The valid records of one part of the stored progress ("grades" or "exercises").
  function stored(part, valid) {
    var data = readJSON(KEY.progress);
    var out = {};
    if (data && typeof data[part] === "object" && data[part] && !Array.isArray(data[part])) {
      Object.keys(data[part]).forEach(function (id) {
        if (ID.test(id) && valid(data[part][id])) out[id] = Object.assign({}, data[part][id]);
      });
    }
    return out;
  }

  function grades() {
    return stored("grades", validRecord);
  }

  // Each coding exercise's state: {id: {state: "attempted" | "solved", at}}.
  function exerciseStates() {
    return stored("exercises", validExercise);
  }

  function save(all, states) {
    var ok = write(
      KEY.progress,
      JSON.stringify({ version: 1, grades: all, exercises: states || exerciseStates() })
    );
    changed();
    return ok;
  }

  // Pressing the state an exercise already has takes it back.
  function setExercise(id, state) {
    var states = exerciseStates();
    if (state) states[id] = { state: state, at: new Date().toISOString() };
    else delete states[id];
    return save(grades(), states);
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
      {
        format: FORMAT,
        version: 1,
        exported: new Date().toISOString(),
        grades: grades(),
        exercises: exerciseStates(),
      },
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
    var ex = data.exercises === undefined ? {} : data.exercises; // files exported before exercises had one
    if (!ex || typeof ex !== "object" || Array.isArray(ex)) {
      return new Error('This progress file is corrupted: its "exercises" is not an object.');
    }
    var exIds = Object.keys(ex);
    for (var k = 0; k < exIds.length; k++) {
      if (!ID.test(exIds[k]) || !validExercise(ex[exIds[k]]) || Date.parse(ex[exIds[k]].at) > soon) {
        return new Error(
          "This progress file is corrupted: the state of exercise " +
            JSON.stringify(exIds[k]) +
            " is not attempted or solved with a date that has passed."
        );
      }
    }
    var out = { grades: {}, exercises: {} };
    ids.forEach(function (id) {
      out.grades[id] = { grade: data.grades[id].grade, at: new Date(data.grades[id].at).toISOString() };
    });
    exIds.forEach(function (id) {
      out.exercises[id] = { state: ex[id].state, at: new Date(ex[id].at).toISOString() };
    });
    return out;
  }

  // For each id the later of two records wins; counts what came in and what was older.
  function mergeInto(mine, incoming, tally) {
    Object.keys(incoming).forEach(function (id) {
      if (!mine[id] || Date.parse(incoming[id].at) >= Date.parse(mine[id].at)) {
        mine[id] = incoming[id];
        tally.added++;
      } else {
        tally.older++;
      }
    });
  }

  // Merges an imported file (parseExport's result): grades, and exercise states apart.
  function mergeGrades(incoming) {
    var all = grades();
    var states = exerciseStates();
    var g = { added: 0, older: 0 };
    var e = { added: 0, older: 0 };
    mergeInto(all, incoming.grades, g);
    mergeInto(states, incoming.exercises, e);
    return { added: g.added, older: g.older, exercises: e.added, stored: save(all, states) };
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
    EXERCISE_STATES: EXERCISE_STATES,
    FORMAT: FORMAT,
    grades: grades,
    exerciseStates: exerciseStates,
    setExercise: setExercise,
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
      return !e.matches(".qa-report, .qa-reveal, .admonition.question, .qa-exercise, .qa-hint");
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

  // --- coding exercises: hints one at a time, and the reader's state of each exercise ------------

  // A question's hints (tools/mkdocs_hooks.py, collapse_solutions) come one at a time: the next one
  // appears once the one before it has been opened.
  function bindHints(content) {
    questionHeadings(content).forEach(function (heading) {
      var hints = parts(heading).filter(function (e) {
        return e.matches("details.qa-hint");
      });
      hints.forEach(function (hint, i) {
        if (i > 0) hint.hidden = true;
        hint.addEventListener("toggle", function () {
          if (hint.open && hints[i + 1]) hints[i + 1].hidden = false;
        });
      });
    });
  }

  function exerciseText(record) {
    if (!record) return [document.createTextNode("Not attempted yet")];
    return [
      el("span", { className: "qa-exstate__word", "data-state": record.state, text: EXERCISE_STATES[record.state] }),
      " on ",
      el("time", { datetime: record.at, text: formatDate(record.at) }),
    ];
  }

  // The state row in each exercise's box (in the page as built): two buttons, and downloading the stub
  // or the notebook marks an exercise not yet attempted as attempted.
  function bindExercise(row) {
    var id = row.getAttribute("data-exercise");
    row.querySelectorAll(".qa-exstate__button").forEach(function (b) {
      b.addEventListener("click", function () {
        setExercise(id, b.getAttribute("aria-pressed") === "true" ? null : b.getAttribute("data-state"));
      });
    });
    var box = row.closest(".qa-exercise");
    if (!box) return;
    box.querySelectorAll("a[download]").forEach(function (a) {
      if (/_check\.py$/.test(a.getAttribute("href"))) return;
      a.addEventListener("click", function () {
        if (!exerciseStates()[id]) setExercise(id, "attempted");
      });
    });
  }

  function showExercises(content) {
    var states = exerciseStates();
    content.querySelectorAll(".qa-exstate").forEach(function (row) {
      var record = states[row.getAttribute("data-exercise")] || null;
      var now = row.querySelector(".qa-exstate__now");
      var key = record ? record.state + record.at : "";
      if (now.getAttribute("data-key") !== key || !now.firstChild) {
        now.setAttribute("data-key", key);
        now.replaceChildren.apply(now, exerciseText(record));
      }
      row.querySelectorAll(".qa-exstate__button").forEach(function (b) {
        b.setAttribute("aria-pressed", String(!!record && record.state === b.getAttribute("data-state")));
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
        while (
          after.nextElementSibling &&
          after.nextElementSibling.matches(".admonition.question, .qa-exercise, .qa-hint")
        ) {
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
    var rows = content.querySelectorAll(".qa-exstate");
    if (rows.length) {
      var states = exerciseStates();
      var solved = 0;
      var attempted = 0;
      rows.forEach(function (row) {
        var r = states[row.getAttribute("data-exercise")];
        if (r && r.state === "solved") solved++;
        else if (r) attempted++;
      });
      text += "Exercises: " + solved + " solved, " + attempted + " attempted of " + rows.length + ". ";
    }
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
    content.querySelectorAll(".qa-exstate").forEach(bindExercise);
    bindHints(content);
    showGrades(content);
    showExercises(content);
    apply(content, hashId());
    markLanded(content);
    // Live regions from now on: what they said on arrival is not announced on every page.
    content.querySelectorAll(".qa-card__last, .qa-exstate__now").forEach(function (e) {
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
    showExercises(content);
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
