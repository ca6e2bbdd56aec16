// Practice mode: on question pages, hide every answer and reveal them one at a time, or jump to a random
// question. The choice is kept in localStorage and applied again on every page Material shows, including
// pages reached by instant navigation (document$ emits for each of them).
(function () {
  "use strict";
  var KEY = "qa-practice";
  var HIDDEN = "qa-practice-hidden";
  var ROOT = new URL("..", document.currentScript.src); // the site root: this file is assets/practice.js

  function isOn() {
    try {
      return localStorage.getItem(KEY) === "on";
    } catch (e) {
      return false;
    }
  }

  function store(on) {
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch (e) {
      // storage disabled: the mode lasts for this page only
    }
  }

  function button(text, className) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "md-button " + className;
    b.textContent = text;
    return b;
  }

  // A question is an h2 followed by its "report a problem" link (tools/mkdocs_hooks.py); its answer is
  // everything after that link up to the next h1 or h2.
  function questions(content) {
    return Array.prototype.filter.call(content.querySelectorAll(":scope > h2[id]"), function (h) {
      return h.nextElementSibling && h.nextElementSibling.matches(".qa-report");
    });
  }

  function answer(heading) {
    var parts = [];
    for (var el = heading.nextElementSibling.nextElementSibling; el && !el.matches("h1, h2"); el = el.nextElementSibling) {
      // The task and the exercise's downloads stay visible: they are the question, not the answer.
      if (!el.matches(".qa-reveal, .admonition.question, .qa-exercise")) parts.push(el);
    }
    return parts;
  }

  function setShown(heading, shown) {
    answer(heading).forEach(function (el) {
      el.classList.toggle(HIDDEN, !shown);
    });
    var reveal = heading.nextElementSibling.nextElementSibling;
    reveal.setAttribute("aria-expanded", String(shown));
    reveal.textContent = shown ? "Hide answer" : "Show answer";
  }

  function apply(content) {
    var on = isOn();
    var toggle = content.querySelector(".qa-practice__toggle");
    toggle.setAttribute("aria-pressed", String(on));
    questions(content).forEach(function (heading) {
      var report = heading.nextElementSibling;
      var reveal = report.nextElementSibling;
      var has = reveal && reveal.matches(".qa-reveal");
      if (on) {
        if (!has) {
          reveal = button("Show answer", "qa-reveal");
          reveal.addEventListener("click", function () {
            setShown(heading, reveal.getAttribute("aria-expanded") !== "true");
          });
          report.after(reveal);
        }
        setShown(heading, false);
      } else {
        if (has) reveal.remove();
        answer(heading).forEach(function (el) {
          el.classList.remove(HIDDEN);
        });
      }
    });
  }

  function randomQuestion(content) {
    fetch(new URL("assets/questions.json", ROOT))
      .then(function (response) {
        return response.json();
      })
      .then(function (questions) {
        var urls = questions.map(function (q) {
          return q.url;
        });
        var here = location.pathname + location.hash;
        var others = urls.filter(function (u) {
          var url = new URL(u, ROOT);
          return url.pathname + url.hash !== here;
        });
        var target = new URL(others[Math.floor(Math.random() * others.length)], ROOT);
        if (target.pathname === location.pathname) {
          apply(content); // a new card on this page: its answer starts hidden again
          location.hash = target.hash;
        } else {
          location.assign(target);
        }
      });
  }

  function setup() {
    var content = document.querySelector(".md-content__inner");
    if (!content || !questions(content).length) return;
    var bar = document.createElement("div");
    bar.className = "qa-practice";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Practice");
    var toggle = button("Practice mode", "qa-practice__toggle");
    toggle.title = "Hide every answer and reveal them one at a time";
    toggle.addEventListener("click", function () {
      store(!isOn());
      apply(content);
    });
    var random = button("Random question", "qa-practice__random");
    random.addEventListener("click", function () {
      randomQuestion(content);
    });
    bar.append(toggle, random);
    var title = content.querySelector("h1");
    if (title) title.after(bar);
    else content.prepend(bar);
    apply(content);
    // Hiding answers moves the question a link points at: scroll to it again.
    if (isOn() && location.hash) {
      var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) target.scrollIntoView();
    }
  }

  if (window.document$) window.document$.subscribe(setup);
  else setup();
})();
