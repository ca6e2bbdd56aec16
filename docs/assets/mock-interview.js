// The mock interview (docs/mock-interview.md) and the reader's progress: export, import, clear.
//
// The reader picks sections, levels and a number of questions; the questions (assets/questions.json) are
// asked one at a time in random order, with a timer; "Show answer" fetches the question's page and shows its
// answer in place; the reader grades themselves, and a summary links every question with its grade and time.
// The interview under way is kept in localStorage (qa-mock), so that a reload or a visit to another page
// resumes it; each grade also goes to the reader's progress (assets/practice.js). Nothing is sent anywhere.
(function () {
  "use strict";

  var P = window.qaPractice;
  if (!P) return; // assets/practice.js must load first (mkdocs.yml: extra_javascript)
  var el = P.el;
  var KEY = "qa-mock";
  var TICK = null; // the timer's interval
  var pages = {}; // page URL -> Promise of its parsed document, for this visit

  // --- the interview's state ---------------------------------------------------------------------------

  function load() {
    var s = P.readJSON(KEY);
    if (!s || s.version !== 1 || typeof s !== "object") s = { version: 1, settings: null, run: null };
    var run = s.run;
    if (
      run &&
      !(
        Array.isArray(run.urls) &&
        Array.isArray(run.results) &&
        typeof run.i === "number" &&
        run.i >= 0 &&
        run.i <= run.urls.length
      )
    ) {
      s.run = null; // a state this script did not write
    }
    return s;
  }

  function store(s) {
    P.write(KEY, JSON.stringify(s));
  }

  function clock(secs) {
    secs = Math.max(0, Math.floor(secs));
    var h = Math.floor(secs / 3600);
    var m = Math.floor((secs % 3600) / 60);
    var s = secs % 60;
    var two = function (n) {
      return (n < 10 ? "0" : "") + n;
    };
    return (h ? h + ":" : "") + two(m) + ":" + two(s);
  }

  function spoken(secs) {
    secs = Math.max(0, Math.round(secs));
    var m = Math.floor(secs / 60);
    var s = secs % 60;
    return (m ? P.plural(m, "minute") + " " : "") + P.plural(s, "second");
  }

  function shuffle(list) {
    var a = list.slice();
    for (var i = a.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1));
      var t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }

  function focus(target) {
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus();
  }

  function stopTimer() {
    if (TICK) clearInterval(TICK);
    TICK = null;
  }

  // --- a question's page, fetched and cut into its question and its answer ------------------------------

  function fetchPage(url) {
    if (!pages[url]) {
      pages[url] = fetch(url)
        .then(function (response) {
          if (!response.ok) throw new Error("HTTP " + response.status);
          return response.text();
        })
        .then(function (text) {
          return new DOMParser().parseFromString(text, "text/html");
        });
      pages[url].catch(function () {
        delete pages[url];
      });
    }
    return pages[url];
  }

  var seq = 0;

  // Makes fetched content at home on this page: links resolved against the page they came from, ids
  // prefixed (no duplicate on this page; tabs and footnotes keep working), nothing hidden left in.
  function adopt(nodes, base) {
    var prefix = "qa-mock-" + ++seq + "-";
    var frag = document.createDocumentFragment();
    nodes.forEach(function (n) {
      frag.append(document.importNode(n, true));
    });
    var ids = {};
    frag.querySelectorAll("[id]").forEach(function (e) {
      ids[e.id] = true;
    });
    frag.querySelectorAll("[hidden], .headerlink, .qa-search, script").forEach(function (e) {
      e.remove();
    });
    frag.querySelectorAll("*").forEach(function (e) {
      if (e.id) e.id = prefix + e.id;
      ["for", "aria-labelledby", "aria-describedby", "aria-controls"].forEach(function (attr) {
        var v = e.getAttribute(attr);
        if (v === null) return;
        var refs = v.split(/\s+/).map(function (ref) {
          return ids[ref] ? prefix + ref : ref;
        });
        e.setAttribute(attr, refs.join(" "));
      });
      if (e.matches("input[type=radio][name]")) e.setAttribute("name", prefix + e.getAttribute("name"));
      ["href", "src"].forEach(function (attr) {
        var v = e.getAttribute(attr);
        if (v === null) return;
        if (attr === "href" && v.charAt(0) === "#" && ids[v.slice(1)])
          e.setAttribute(attr, "#" + prefix + v.slice(1));
        else e.setAttribute(attr, new URL(v, base).href);
      });
    });
    return frag;
  }

  // {title, question, answer} of the question `id` on the fetched page `doc`.
  function cut(doc, id, base) {
    var heading = doc.getElementById(id);
    if (!heading || heading.tagName !== "H2") throw new Error("the page has no question #" + id);
    var question = [];
    var answer = [];
    for (var e = heading.nextElementSibling; e && !/^H[12]$/.test(e.tagName); e = e.nextElementSibling) {
      if (e.matches(".qa-report, .qa-search, .qa-card")) continue;
      (e.matches(".admonition.question, .qa-exercise") ? question : answer).push(e);
    }
    // A coding question's solution is collapsed on its page; in the interview the answer is shown whole.
    answer.forEach(function (e) {
      if (e.matches("details.qa-solution")) e.setAttribute("open", "");
    });
    var title = doc.importNode(heading, true);
    title.querySelectorAll(".headerlink").forEach(function (a) {
      a.remove();
    });
    return {
      title: Array.prototype.slice.call(title.childNodes),
      question: adopt(question, base),
      answer: adopt(answer, base),
    };
  }

  function loadQuestion(q) {
    var url = new URL(q.url, P.ROOT);
    var page = url.href.split("#")[0];
    return fetchPage(page).then(function (doc) {
      return cut(doc, q.id, page);
    });
  }

  // A code block that scrolls sideways can be reached from the keyboard (Material does it on its own pages).
  function focusableCode(root) {
    root.querySelectorAll("pre > code").forEach(function (code) {
      if (code.scrollWidth > code.clientWidth) code.setAttribute("tabindex", "0");
    });
  }

  // --- the views -------------------------------------------------------------------------------------

  // The sections, in the order of the site's navigation (questions.json is sorted by URL).
  function sectionsOf(list) {
    var out = [];
    list.forEach(function (q) {
      if (out.indexOf(q.section) < 0) out.push(q.section);
    });
    var nav = Array.prototype.map.call(
      document.querySelectorAll(".md-nav--primary a.md-nav__link[href]"),
      function (a) {
        return new URL(a.getAttribute("href"), location.href).pathname;
      }
    );
    var rank = {};
    out.forEach(function (section) {
      var i = nav.indexOf(new URL(sectionLink(list, section)).pathname);
      rank[section] = i < 0 ? nav.length : i;
    });
    return out.sort(function (a, b) {
      return rank[a] - rank[b];
    });
  }

  function pool(list, settings, all) {
    return list.filter(function (q) {
      return (
        settings.sections.indexOf(q.section) >= 0 &&
        settings.levels.indexOf(q.level) >= 0 &&
        P.matchesFilter(all[q.id] || null, settings.which)
      );
    });
  }

  function renderSettings(root, list, s, moveFocus) {
    stopTimer();
    var sections = sectionsOf(list);
    var settings = s.settings || {};
    var chosenSections = Array.isArray(settings.sections) ? settings.sections : sections;
    var chosenLevels = Array.isArray(settings.levels) ? settings.levels : Object.keys(P.LEVELS);
    var which = settings.which || "all";
    var count = settings.count || 10;

    var heading = el("h2", { className: "qa-mock__heading", text: "Set up your interview" });
    // A checkbox per section or level, with how many questions it holds.
    function choices(name, values, chosen, label, key) {
      var box = el("div", { className: "qa-mock__choices" });
      values.forEach(function (value) {
        var n = list.filter(function (q) {
          return q[key] === value;
        }).length;
        box.append(
          el("label", {}, [
            el("input", { type: "checkbox", name: name, value: value, checked: chosen.indexOf(value) >= 0 }),
            " ",
            label(value),
            " ",
            el("span", { className: "qa-mock__count", text: "(" + n + ")" }),
          ])
        );
      });
      return box;
    }
    var sectionBoxes = choices("section", sections, chosenSections, String, "section");
    var all = P.button("Select all", "md-button qa-mock__small qa-mock__all");
    var none = P.button("Select none", "md-button qa-mock__small qa-mock__none");
    var levelBoxes = choices("level", Object.keys(P.LEVELS), chosenLevels, P.chip, "level");
    var whichSelect = el("select", { id: "qa-mock-which", name: "which" }, [
      el("option", { value: "all", text: "any question" }),
      el("option", { value: "ungraded", text: "only questions I have not graded yet" }),
      el("option", { value: "review", text: "only questions I missed or was shaky on" }),
      el("option", { value: "missed", text: "only questions I missed" }),
    ]);
    whichSelect.value = which;
    var countInput = el("input", {
      id: "qa-mock-count",
      name: "count",
      type: "number",
      min: "1",
      step: "1",
      inputmode: "numeric",
      value: String(count),
    });
    var available = el("p", { className: "qa-mock__available" }); // a live region once filled
    var error = el("p", { className: "qa-mock__error", role: "alert" });
    var start = el("button", {
      type: "submit",
      className: "md-button md-button--primary qa-mock__start",
      text: "Start the interview",
    });
    var form = el("form", { className: "qa-mock__settings", novalidate: true }, [
      heading,
      el("fieldset", {}, [
        el("legend", { text: "Sections" }),
        el("div", { className: "qa-mock__row" }, [all, none]),
        sectionBoxes,
      ]),
      el("fieldset", {}, [el("legend", { text: "Levels" }), levelBoxes]),
      el("fieldset", {}, [
        el("legend", { text: "Questions" }),
        el("div", { className: "qa-mock__row" }, [
          el("label", { for: "qa-mock-which", text: "Ask" }),
          whichSelect,
        ]),
        el("div", { className: "qa-mock__row" }, [
          el("label", { for: "qa-mock-count", text: "How many" }),
          countInput,
        ]),
      ]),
      available,
      error,
      start,
    ]);

    function read() {
      return {
        sections: Array.prototype.map.call(
          form.querySelectorAll("input[name=section]:checked"),
          function (b) {
            return b.value;
          }
        ),
        levels: Array.prototype.map.call(form.querySelectorAll("input[name=level]:checked"), function (b) {
          return b.value;
        }),
        which: whichSelect.value,
        count: parseInt(countInput.value, 10),
      };
    }

    function update() {
      var chosen = read();
      var n = pool(list, chosen, P.grades()).length;
      countInput.max = String(Math.max(1, n));
      available.textContent = P.plural(n, "question") + " match" + (n === 1 ? "es" : "") + " your choice.";
      error.textContent = "";
      s.settings = chosen;
      store(s);
    }

    all.addEventListener("click", function () {
      sectionBoxes.querySelectorAll("input").forEach(function (b) {
        b.checked = true;
      });
      update();
    });
    none.addEventListener("click", function () {
      sectionBoxes.querySelectorAll("input").forEach(function (b) {
        b.checked = false;
      });
      update();
    });
    form.addEventListener("change", update);
    form.addEventListener("input", update);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var chosen = read();
      var matching = pool(list, chosen, P.grades());
      var problem = !chosen.sections.length
        ? "Choose at least one section."
        : !chosen.levels.length
          ? "Choose at least one level."
          : !matching.length
            ? "No question matches your choice: choose more sections or levels, or ask any question."
            : !(chosen.count >= 1)
              ? "Choose how many questions to ask: a number from 1 to " + matching.length + "."
              : "";
      if (problem) {
        error.textContent = problem;
        return;
      }
      s.settings = chosen;
      s.run = {
        urls: shuffle(matching)
          .slice(0, chosen.count)
          .map(function (q) {
            return q.url;
          }),
        i: 0,
        results: [],
        shownAt: Date.now(),
        revealed: null,
        startedAt: Date.now(),
        finished: false,
      };
      store(s);
      render(root, list, true);
    });

    root.replaceChildren(form);
    update();
    available.setAttribute("role", "status");
    if (moveFocus) focus(heading);
  }

  function byUrl(list) {
    var map = {};
    list.forEach(function (q) {
      map[q.url] = q;
    });
    return map;
  }

  function renderQuestion(root, list, s, moveFocus) {
    var run = s.run;
    var q = byUrl(list)[run.urls[run.i]];
    var total = run.urls.length;
    var timer = el("span", { className: "qa-mock__clock", role: "timer" });
    var timerLabel = el("span", { className: "qa-sr-only", text: "Time on this question: " });
    var end = P.button("End the interview", "md-button qa-mock__small qa-mock__end");
    var title = el("h2", { className: "qa-mock__title", id: "qa-mock-title" }, [q.title]);
    var task = el("div", { className: "qa-mock__task" });
    var reveal = P.button("Show answer", "md-button md-button--primary qa-mock__reveal", {
      "aria-expanded": "false",
      "aria-controls": "qa-mock-answer",
    });
    var answerHeading = el("h3", { className: "qa-mock__answer-heading", text: "Answer" });
    var answerBody = el("div", { className: "qa-mock__answer-body" });
    var answer = el("div", { className: "qa-mock__answer", id: "qa-mock-answer", hidden: true }, [
      answerHeading,
      answerBody,
      el("p", { className: "qa-mock__open" }, [
        el("a", {
          href: new URL(q.url, P.ROOT).href,
          target: "_blank",
          text: "Open this question on its page",
        }),
        " (in a new tab)",
      ]),
    ]);
    var gradeLabel = el("p", {
      className: "qa-mock__grade-label",
      id: "qa-mock-grade-label",
      text: "How did you do?",
    });
    var grade = el(
      "div",
      {
        className: "qa-mock__grade",
        role: "group",
        "aria-labelledby": "qa-mock-grade-label",
        hidden: true,
      },
      [gradeLabel]
    );
    Object.keys(P.GRADES).forEach(function (g) {
      var b = P.button(P.GRADES[g], "md-button qa-mock__grade-button", { "data-grade": g });
      b.addEventListener("click", function () {
        var secs = run.revealed !== null ? run.revealed : (Date.now() - run.shownAt) / 1000;
        run.results.push({ url: q.url, grade: g, secs: Math.round(secs) });
        P.setGrade(q.id, g);
        run.i++;
        run.shownAt = Date.now();
        run.revealed = null;
        if (run.i >= run.urls.length) run.finished = true;
        store(s);
        render(root, list, true);
      });
      grade.append(b);
    });
    var section = el("section", { className: "qa-mock__question", "aria-labelledby": "qa-mock-title" }, [
      el("div", { className: "qa-mock__bar" }, [
        el("p", { className: "qa-mock__position", text: "Question " + (run.i + 1) + " of " + total }),
        el("p", { className: "qa-mock__timer" }, [timerLabel, timer]),
        end,
      ]),
      el("p", { className: "qa-mock__meta" }, [
        q.section + (q.page && q.page !== q.section ? ", " + q.page : "") + " ",
        P.chip(q.level),
      ]),
      title,
      task,
      reveal,
      answer,
      grade,
    ]);

    function tick() {
      if (!section.isConnected) return stopTimer();
      var secs = run.revealed !== null ? run.revealed : (Date.now() - run.shownAt) / 1000;
      var text = clock(secs);
      if (timer.textContent !== text) timer.textContent = text;
    }

    var loaded = loadQuestion(q);
    loaded.then(
      function (parts) {
        title.replaceChildren.apply(title, parts.title);
        task.replaceChildren(parts.question);
        answerBody.replaceChildren(parts.answer);
        focusableCode(task);
        if (!answer.hidden) focusableCode(answerBody);
      },
      function (err) {
        answerBody.replaceChildren(
          el("p", {
            className: "qa-mock__error",
            text: "The answer could not be loaded (" + err.message + "): open it on its page.",
          })
        );
      }
    );

    function show(moveFocus) {
      answer.hidden = false;
      grade.hidden = false;
      reveal.hidden = true;
      reveal.setAttribute("aria-expanded", "true");
      timerLabel.textContent = "You took ";
      tick();
      focusableCode(answerBody);
      if (moveFocus) focus(answerHeading);
    }

    reveal.addEventListener("click", function () {
      run.revealed = Math.floor((Date.now() - run.shownAt) / 1000); // as the running clock shows it
      store(s);
      stopTimer();
      if (!answerBody.firstChild) answerBody.append(el("p", { text: "Loading the answer…" }));
      show(true);
    });
    end.addEventListener("click", function () {
      run.finished = true;
      store(s);
      render(root, list, true);
    });

    stopTimer();
    root.replaceChildren(section);
    tick();
    if (run.revealed !== null) show(false);
    else TICK = setInterval(tick, 500);
    if (moveFocus) focus(title);
  }

  function renderSummary(root, list, s, moveFocus) {
    stopTimer();
    var run = s.run;
    var map = byUrl(list);
    var results = run.results.filter(function (r) {
      return map[r.url];
    });
    var c = P.counts(results);
    var secs = results.reduce(function (t, r) {
      return t + r.secs;
    }, 0);
    var heading = el("h2", { className: "qa-mock__heading", text: "Your interview" });
    var notAsked = run.urls.length - run.results.length;
    var items = el("ol", { className: "qa-mock__results" });
    results.forEach(function (r) {
      var q = map[r.url];
      items.append(
        el("li", { "data-grade": r.grade }, [
          el("a", { href: new URL(q.url, P.ROOT).href, text: q.title }),
          el("span", { className: "qa-mock__result-meta" }, [
            q.section + " ",
            P.chip(q.level),
            " ",
            el("span", { className: "qa-grade-word", "data-grade": r.grade, text: P.GRADES[r.grade] }),
            " ",
            el("span", { className: "qa-mock__time" }, [
              el("span", { className: "qa-sr-only", text: "in " + spoken(r.secs) }),
              el("span", { "aria-hidden": "true", text: clock(r.secs) }),
            ]),
          ]),
        ])
      );
    });
    var again = run.results.filter(function (r) {
      return r.grade !== "knew" && map[r.url];
    });
    var restart = P.button("Start a new interview", "md-button md-button--primary qa-mock__restart");
    restart.addEventListener("click", function () {
      s.run = null;
      store(s);
      render(root, list, true);
    });
    var retry = again.length
      ? P.button(
          "Ask again the " + P.plural(again.length, "question") + " I missed or was shaky on",
          "md-button qa-mock__retry"
        )
      : null;
    if (retry) {
      retry.addEventListener("click", function () {
        s.run = {
          urls: shuffle(
            again.map(function (r) {
              return r.url;
            })
          ),
          i: 0,
          results: [],
          shownAt: Date.now(),
          revealed: null,
          startedAt: Date.now(),
          finished: false,
        };
        store(s);
        render(root, list, true);
      });
    }
    root.replaceChildren(
      el("section", { className: "qa-mock__summary", "aria-labelledby": "qa-mock-summary" }, [
        Object.assign(heading, { id: "qa-mock-summary" }),
        el("p", {
          className: "qa-mock__totals",
          text:
            P.plural(results.length, "question") +
            " in " +
            clock(secs) +
            ": you knew " +
            c.knew +
            ", were shaky on " +
            c.shaky +
            " and missed " +
            c.missed +
            "." +
            (notAsked > 0
              ? " " + P.plural(notAsked, "question was", "questions were") + " not asked: you ended early."
              : ""),
        }),
        items,
        el("div", { className: "qa-mock__row" }, [restart, retry]),
      ])
    );
    if (moveFocus) focus(heading);
  }

  function render(root, list, moveFocus) {
    var s = load();
    var run = s.run;
    if (run) {
      // Questions the site no longer has are left out.
      var known = byUrl(list);
      while (!run.finished && run.i < run.urls.length && !known[run.urls[run.i]]) run.i++;
      if (run.i >= run.urls.length) run.finished = true;
    }
    if (!run) renderSettings(root, list, s, moveFocus);
    else if (run.finished) renderSummary(root, list, s, moveFocus);
    else renderQuestion(root, list, s, moveFocus);
  }

  // --- progress: totals by section, export, import, clear ----------------------------------------------

  function sectionLink(list, section) {
    var paths = list
      .filter(function (q) {
        return q.section === section;
      })
      .map(function (q) {
        return q.url.split("#")[0].split("/").filter(Boolean);
      });
    var common = paths[0] || [];
    paths.forEach(function (p) {
      var n = 0;
      while (n < common.length && n < p.length && common[n] === p[n]) n++;
      common = common.slice(0, n);
    });
    return new URL(common.length ? common.join("/") + "/" : "", P.ROOT).href;
  }

  function renderProgress(root, list) {
    var all = P.grades();
    var graded = list.filter(function (q) {
      return all[q.id];
    });
    var c = P.counts(
      graded.map(function (q) {
        return all[q.id];
      })
    );
    var summary = root.querySelector(".qa-progress__summary");
    summary.textContent =
      "You have graded " +
      graded.length +
      " of the site's " +
      P.plural(list.length, "question") +
      (graded.length
        ? ": you knew " + c.knew + ", were shaky on " + c.shaky + " and missed " + c.missed
        : "") +
      ".";
    var items = root.querySelector(".qa-progress__sections");
    items.replaceChildren();
    sectionsOf(list).forEach(function (section) {
      var qs = list.filter(function (q) {
        return q.section === section;
      });
      var records = qs
        .map(function (q) {
          return all[q.id];
        })
        .filter(Boolean);
      var sc = P.counts(records);
      items.append(
        el("li", {}, [
          el("a", { href: sectionLink(list, section), text: section }),
          ": " +
            records.length +
            " of " +
            qs.length +
            " graded" +
            (records.length
              ? " (" + sc.knew + " knew it, " + sc.shaky + " shaky, " + sc.missed + " missed)"
              : ""),
        ])
      );
    });
  }

  function setupProgress(root, list) {
    var message = el("p", { className: "qa-progress__message", role: "status" });
    var error = el("p", { className: "qa-progress__error", role: "alert" });
    var exportButton = P.button("Export to a file", "md-button qa-progress__export");
    var importButton = P.button("Import from a file", "md-button qa-progress__import");
    var file = el("input", {
      type: "file",
      accept: ".json,application/json",
      hidden: true,
      className: "qa-progress__file",
    });
    var clear = P.button("Clear my progress", "md-button qa-progress__clear");
    var yes = P.button("Yes, delete my progress", "md-button md-button--primary qa-progress__confirm-yes");
    var no = P.button("Cancel", "md-button qa-progress__confirm-no");
    var question = el("p", { className: "qa-progress__confirm-text" });
    var confirmBox = el(
      "div",
      { className: "qa-progress__confirm", role: "group", "aria-label": "Confirm", hidden: true },
      [question, el("div", { className: "qa-mock__row" }, [yes, no])]
    );

    function say(text, isError) {
      message.textContent = isError ? "" : text;
      error.textContent = isError ? text : "";
    }

    exportButton.addEventListener("click", function () {
      var blob = new Blob([P.exportText()], { type: "application/json" });
      var a = el("a", {
        href: URL.createObjectURL(blob),
        download: "pytorch-interview-qa-progress-" + new Date().toISOString().slice(0, 10) + ".json",
      });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(function () {
        URL.revokeObjectURL(a.href);
      }, 10000);
      say(
        "Exported " +
          P.plural(Object.keys(P.grades()).length, "grade") +
          " and " +
          P.plural(Object.keys(P.exerciseStates()).length, "exercise state") +
          " to " +
          a.download +
          "."
      );
    });
    importButton.addEventListener("click", function () {
      file.value = "";
      file.click();
    });
    file.addEventListener("change", function () {
      var f = file.files && file.files[0];
      if (!f) return;
      var keep = " Nothing was imported: your progress is unchanged.";
      if (f.size > 5e6) return say(f.name + " is too large to be a progress file." + keep, true);
      f.text().then(
        function (text) {
          var progress = P.parseExport(text);
          if (progress instanceof Error) return say(f.name + ": " + progress.message + keep, true);
          var result = P.mergeGrades(progress);
          say(
            "Imported " +
              P.plural(result.added, "grade") +
              (result.exercises ? " and " + P.plural(result.exercises, "exercise state") : "") +
              " from " +
              f.name +
              "." +
              (result.older
                ? " " +
                  P.plural(result.older, "older grade was", "older grades were") +
                  " left out: this browser has a later one."
                : "") +
              (result.stored
                ? ""
                : " This browser does not let the site store them: they last until you close this tab.")
          );
        },
        function () {
          say(f.name + " could not be read." + keep, true);
        }
      );
    });
    clear.addEventListener("click", function () {
      var n = Object.keys(P.grades()).length;
      var m = Object.keys(P.exerciseStates()).length;
      if (!n && !m) return say("There is no progress to clear.");
      question.textContent =
        "Delete the " +
        P.plural(n, "grade") +
        (m ? " and " + P.plural(m, "exercise state") : "") +
        " this browser keeps? This cannot be undone: export them first to keep a copy.";
      confirmBox.hidden = false;
      clear.setAttribute("aria-expanded", "true");
      focus(no);
    });
    function close() {
      confirmBox.hidden = true;
      clear.setAttribute("aria-expanded", "false");
      clear.focus();
    }
    no.addEventListener("click", close);
    confirmBox.addEventListener("keydown", function (event) {
      if (event.key === "Escape") close();
    });
    yes.addEventListener("click", function () {
      // Every grade this site keeps: the questions' and the last interview's (its settings stay).
      var s = load();
      s.run = null;
      store(s);
      P.clearProgress();
      close();
      say("Your progress is cleared.");
      var mock = document.getElementById("qa-mock");
      if (mock && mock.classList.contains("qa-mock--ready")) render(mock, list, false);
    });
    clear.setAttribute("aria-expanded", "false");

    root.replaceChildren(
      el("p", { className: "qa-progress__summary" }),
      el("ul", { className: "qa-progress__sections" }),
      el("div", { className: "qa-mock__row" }, [exportButton, importButton, clear]),
      file,
      confirmBox,
      message,
      error
    );
    renderProgress(root, list);
  }

  // --- the page ----------------------------------------------------------------------------------------

  function setup() {
    stopTimer();
    var root = document.getElementById("qa-mock");
    var progress = document.getElementById("qa-progress");
    if (!root && !progress) return;
    P.questions().then(
      function (list) {
        if (root && root.isConnected) {
          root.classList.add("qa-mock--ready");
          render(root, list, false);
        }
        if (progress && progress.isConnected) setupProgress(progress, list);
      },
      function (err) {
        if (root)
          root.replaceChildren(
            el("p", {
              className: "qa-mock__error",
              text: "The list of questions could not be loaded (" + err.message + ").",
            })
          );
      }
    );
  }

  P.onProgress(function () {
    var progress = document.getElementById("qa-progress");
    if (!progress || !progress.querySelector(".qa-progress__summary")) return;
    P.questions().then(function (list) {
      renderProgress(progress, list);
    });
  });

  if (window.document$) window.document$.subscribe(setup);
  else setup();
})();
