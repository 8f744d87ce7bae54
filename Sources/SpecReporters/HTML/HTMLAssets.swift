/// The HTML report's inline style sheet and script: no fonts, images or scripts are fetched from anywhere.
enum HTMLAssets {
    /// The narrowest a picture is drawn (px); a narrower window scrolls it sideways. Scaled to a 400 px phone or
    /// side panel, its 12 px labels were 4 px high: a picture nobody could read.
    static let pictureMinWidth = 760

    /// Every colour is a custom property, set twice: for a light page and, under `prefers-color-scheme: dark` on a
    /// screen, for a dark one (a printout is always light: a dark page prints light text on white paper once the
    /// printer drops backgrounds). Text is at least 4.5:1 against what it is on, marks at least 3:1, in both
    /// (docs/reports.md, "Accessibility").
    static let css = """

        :root { color-scheme: light dark; --bg: #fff; --ink: #1f2328; --muted: #59636e; --faint: #6e7781;
          --line: #d1d9e0; --line-soft: #eef1f4; --panel: #f6f8fa; --nav-bg: #ffffff; --focus: #0969da;
          --passed: #1a7f37; --failed: #cf222e; --error: #bc4c00; --skipped: #6e7781; --known: #9a6700;
          --fixed: #8250df; --notrun: #656d76; --expected: #0969da; --actual: #bc4c00; --on-badge: #fff; --invalid: #82071e;
          --bad-bg: #ffebe9; --bad-ink: #82071e; --bad-border: #ffcecb; --good-bg: #dafbe1; --good-ink: #116329;
          --good-border: #aceebb; --attention-bg: #fffafa; --error-bg: #fff6f5; --warning-bg: #fffbeb;
          --warning-border: #d4a72c; --engine-bg: #ddf4ff; --engine-ink: #0550ae; --tag-bg: #eff2f5;
          --deviation: #7d4e00; --fixed-ink: #6639ba; --axis: #57606a; --leader: #8c959f;
          --gap-ink: #a40e26; --gap-fill: #fde8e8; --gap-line: #d25b5b;
          --overlap-ink: #7d4e00; --overlap-fill: #fdf3d8; --overlap-line: #a68020; }
        @media screen and (prefers-color-scheme: dark) {
          :root { --bg: #0d1117; --ink: #e6edf3; --muted: #9198a1; --faint: #9198a1; --line: #3d444d;
            --line-soft: #21262d; --panel: #151b23; --nav-bg: #0d1117; --focus: #4493f8;
            --passed: #3fb950; --failed: #f85149; --error: #db6d28; --skipped: #9198a1; --known: #d29922;
            --fixed: #ab7df8; --notrun: #9198a1; --expected: #4493f8; --actual: #db6d28; --on-badge: #0d1117;
            --invalid: #ff9492; --bad-bg: #3c1618; --bad-ink: #ffa198; --bad-border: #8e1519; --good-bg: #12261e;
            --good-ink: #7ee787; --good-border: #238636; --attention-bg: #1a1214; --error-bg: #25171c;
            --warning-bg: #272115; --warning-border: #9e6a03; --engine-bg: #0c2d6b; --engine-ink: #79c0ff;
            --tag-bg: #21262d; --deviation: #e3b341; --fixed-ink: #d2a8ff; --axis: #9198a1; --leader: #656c76;
            --gap-ink: #ff9492; --gap-fill: #3b1a1d; --gap-line: #cc4444;
            --overlap-ink: #e3b341; --overlap-fill: #33280f; --overlap-line: #96741d; } }
        * { box-sizing: border-box; }
        html { scroll-padding-top: calc(var(--filters-height, 0px) + 8px); }
        body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto,
          "Noto Sans", "DejaVu Sans", sans-serif; color: var(--ink); background: var(--bg); }
        a { color: var(--expected); }
        :focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
        .chip:has(input:focus-visible) { outline: 2px solid var(--focus); outline-offset: 1px; }
        .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        a.skip { position: absolute; left: 8px; top: -40px; z-index: 3; padding: 6px 10px; background: var(--bg);
          border: 2px solid var(--focus); border-radius: 6px; }
        a.skip:focus { top: 8px; }
        .print-only { display: none; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        h2 { font-size: 15px; margin: 0; }
        h2.tests { margin: 0 0 6px; }
        h5 { font-size: 15px; margin: 16px 0 6px; color: var(--muted); font-variant-caps: all-small-caps; letter-spacing: .04em; }
        code, pre, .utc, .where, .key, .engine, .tick-label { font-family: ui-monospace, "SFMono-Regular", Menlo,
          "DejaVu Sans Mono", monospace; }
        header.page { border-bottom: 1px solid var(--line); padding-bottom: 12px; margin-bottom: 12px; }
        .meta { color: var(--muted); margin: 0 0 8px; }
        .closing { font-size: 17px; font-weight: 600; margin: 0; padding: 8px 12px; border-radius: 6px; display: inline-block; }
        .closing.bad { background: var(--bad-bg); color: var(--bad-ink); border: 1px solid var(--bad-border); }
        .closing.good { background: var(--good-bg); color: var(--good-ink); border: 1px solid var(--good-border); }
        .closing.partial { background: var(--warning-bg); border: 1px solid var(--warning-border); }
        .note { color: var(--muted); margin: 6px 0 0; }
        nav.filters { position: sticky; top: 0; z-index: 2; background: var(--nav-bg); padding: 8px 0;
          border-bottom: 1px solid var(--line); margin-bottom: 16px; }
        @media (max-width: 600px) { nav.filters { position: static; } }
        html:not(.js) nav.filters > .filter-row { display: none; }
        nav.filters noscript p { margin: 0; }
        .filter-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 3px 0; }
        .filter-caption { width: 52px; color: var(--muted); font-size: 14px; font-variant-caps: all-small-caps; letter-spacing: .04em; }
        .chip { display: inline-flex; align-items: center; gap: 5px; border: 1px solid var(--line); border-radius: 999px;
          padding: 2px 10px 2px 6px; cursor: pointer; user-select: none; background: var(--bg); }
        .chip input { margin: 0; }
        .chip b { font-weight: 600; color: var(--muted); }
        .chip.empty { color: var(--muted); border-style: dashed; }
        .chip.invalid-files { color: var(--failed); border-color: var(--failed); text-decoration: none; }
        .dot { width: 9px; height: 9px; border-radius: 50%; display: inline-block; background: currentColor; }
        .status-chip.passed .dot { color: var(--passed); } .status-chip.failed .dot { color: var(--failed); }
        .status-chip.error .dot { color: var(--error); } .status-chip.skipped .dot { color: var(--skipped); }
        .status-chip.known-deviation .dot { color: var(--known); } .status-chip.fixed-deviation .dot { color: var(--fixed); }
        .status-chip.not-run .dot { color: var(--notrun); }
        #find { border: 1px solid var(--faint); border-radius: 6px; padding: 4px 8px; width: 280px; font: inherit;
          color: var(--ink); background: var(--bg); }
        .hint { color: var(--muted); font-size: 12px; margin-left: 6px; }
        section.attention { margin-bottom: 20px; padding: 8px 12px; border: 1px solid var(--bad-border); border-radius: 8px;
          background: var(--attention-bg); }
        section.attention > .hint { margin: 2px 0 0; }
        p.folded-files { margin: 0 0 8px; }
        section.attention ol { margin: 6px 0 0; padding-left: 0; list-style: none; }
        section.attention li { display: flow-root; padding: 3px 0; line-height: 1.7; }
        section.attention li > * { margin-right: 4px; }
        section.attention li > .where { float: right; margin: 0 0 0 12px; }
        section.attention a { font-weight: 600; color: var(--ink); text-decoration: none; }
        section.attention a:hover, section.attention a:focus-visible { text-decoration: underline; }
        section.attention .why { color: var(--muted); }
        details.reason-list { margin-bottom: 20px; padding: 6px 12px; border: 1px solid var(--line); border-radius: 8px; }
        details.reason-list ol { margin: 6px 0 0; padding-left: 0; list-style: none; }
        details.reason-list li { display: flow-root; padding: 3px 0; line-height: 1.7; }
        details.reason-list li > .where { float: right; margin: 0 0 0 12px; }
        details.reason-list a { font-weight: 600; color: var(--ink); text-decoration: none; }
        details.reason-list .why, .row-reason { color: var(--muted); font-weight: normal; }
        section.diagnostics { margin-bottom: 20px; }
        section.diagnostics h2 { margin-bottom: 6px; }
        pre.diagnostic { margin: 6px 0; padding: 10px 12px; border-radius: 6px; background: var(--panel);
          border-left: 4px solid var(--line); white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12.5px; }
        pre.diagnostic .caret-pad { visibility: hidden; }
        pre.diagnostic .source { display: inline-block; max-width: 100%; overflow-x: auto; white-space: pre;
          overflow-wrap: normal; vertical-align: top; }
        pre.diagnostic.error { border-left-color: var(--failed); background: var(--error-bg); }
        pre.diagnostic.warning { border-left-color: var(--warning-border); background: var(--warning-bg); }
        details.file { margin-bottom: 2px; }
        details.file[open] { margin-bottom: 14px; }
        .file-name { display: flex; align-items: baseline; gap: 4px; cursor: pointer;
          padding: 4px 0; border-bottom: 1px solid var(--line); margin-bottom: 4px; list-style: none; }
        .file-name::-webkit-details-marker { display: none; }
        .file-name::before { content: "▸"; content: "▸" / ""; color: var(--muted); width: 10px; display: inline-block; }
        details.file[open] > .file-name::before { content: "▾"; content: "▾" / ""; }
        .file-name h3 { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; margin: 0; font-size: inherit;
          font-weight: inherit; }
        .file-name .path { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-weight: 600; color: var(--muted); }
        .file-counts { font-size: 12px; color: var(--muted); }
        .file-counts .count.failed, .file-counts .count.error { color: var(--failed); font-weight: 700; }
        .file-counts .count.fixed-deviation { color: var(--fixed); font-weight: 700; }
        .file-counts .count.known-deviation { color: var(--known); }
        article.test { border-bottom: 1px solid var(--line-soft); }
        article.test > details > summary, article.test > .row { list-style: none; }
        article.test > details > summary::-webkit-details-marker { display: none; }
        .row { display: flex; align-items: baseline; gap: 6px; padding: 6px 4px; }
        .row > h4 { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px; flex: 1; margin: 0;
          font-size: inherit; font-weight: inherit; }
        summary.row { cursor: pointer; }
        summary.row::before { content: "▸"; content: "▸" / ""; color: var(--muted); width: 10px; display: inline-block; }
        details[open] > summary.row::before { content: "▾"; content: "▾" / ""; }
        div.row::before { content: ""; width: 10px; display: inline-block; }
        .badge { display: inline-block; min-width: 108px; text-align: center; font-size: 12px; font-weight: 600;
          color: var(--on-badge); border-radius: 4px; padding: 1px 6px; }
        .badge.passed { background: var(--passed); } .badge.failed { background: var(--failed); }
        .badge.error { background: var(--error); } .badge.skipped { background: var(--skipped); }
        .badge.known-deviation { background: var(--known); } .badge.fixed-deviation { background: var(--fixed); }
        .badge.not-run { background: var(--bg); color: var(--notrun); border: 1px solid var(--notrun); }
        .badge.invalid { background: var(--invalid); }
        details.tag-list > summary { cursor: pointer; color: var(--muted); }
        details.tag-list[open] > summary { margin-bottom: 4px; }
        .name { font-weight: 600; }
        /* A name too long for the badge's line wraps beside the badge, not on a line of its own under it (a review saw
           badges alone on their lines at 1280 px); on a phone it keeps the whole width under the badge. */
        @media (min-width: 600px) { .row > h4 > .name { max-width: calc(100% - 130px); } }
        bdi:lang(ko) { word-break: keep-all; overflow-wrap: anywhere; }
        .sep { color: var(--muted); font-weight: 400; }
        .case { font-weight: 600; }
        .engine { font-size: 12px; background: var(--engine-bg); color: var(--engine-ink); border-radius: 4px; padding: 0 6px; }
        .tag { font-size: 12px; background: var(--tag-bg); color: var(--muted); border-radius: 999px; padding: 0 8px; }
        .where { margin-left: auto; color: var(--muted); font-size: 12px; }
        .body { padding: 4px 16px 16px 20px; }
        .message { margin: 6px 0; font-weight: 500; }
        .description { margin: 6px 0; color: var(--muted); white-space: pre-wrap; }
        .deviation { margin: 6px 0; color: var(--deviation); }
        article.fixed-deviation .deviation { color: var(--fixed-ink); }
        .zone { margin: 6px 0; color: var(--muted); }
        pre.checked { margin: 0; padding: 2px 16px 12px 24px; font-size: 12.5px; overflow-x: auto; }
        .body > pre.checked { padding: 0; margin: 6px 0; }
        figure.picture { margin: 10px 0; padding: 8px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg); }
        figure.picture svg { width: 100%; height: auto; display: block; }
        .picture-scroll { overflow-x: auto; }
        .picture-change { margin: 0 0 4px; font-weight: 700; font-size: 13px; }
        .picture-change.gap { color: var(--gap-ink); } .picture-change.overlap { color: var(--overlap-ink); }
        figure.scrolls svg.timeline text.region-label { visibility: hidden; }
        .picture-scroll > svg { min-width: \(pictureMinWidth)px; }
        figcaption { font-size: 12px; color: var(--muted); padding: 4px 4px 0; display: flex; flex-wrap: wrap; gap: 4px 18px; }
        figcaption .legend.expected { color: var(--expected); } figcaption .legend.actual { color: var(--actual); }
        figcaption .legend.missing { color: var(--failed); }
        figcaption .legend.passed { color: var(--passed); }
        #hatch-gap rect { fill: var(--gap-fill); } #hatch-gap line { stroke: var(--gap-line); }
        #hatch-overlap rect { fill: var(--overlap-fill); } #hatch-overlap line { stroke: var(--overlap-line); }
        svg.timeline text { font-family: system-ui, "DejaVu Sans", sans-serif; font-size: 12px; fill: var(--ink); text-anchor: middle; }
        svg.timeline text.start { text-anchor: start; }
        svg.timeline .mark-time, svg.timeline .mark-sub, svg.timeline .tick-label, svg.timeline .tick-utc,
        svg.timeline .tick-date, svg.timeline .region-label, svg.timeline .run-time, svg.timeline .run-outcome {
          paint-order: stroke; stroke: var(--bg); stroke-width: 4px; stroke-linejoin: round; }
        svg.timeline .axis { stroke: var(--axis); stroke-width: 1.5; }
        svg.timeline .lane { stroke: var(--line); stroke-width: 1; stroke-dasharray: 3 4; }
        svg.timeline .tick { stroke: var(--axis); stroke-width: 1; }
        svg.timeline .tick-label { font-size: 12px; fill: var(--ink); font-family: "DejaVu Sans Mono", monospace; }
        svg.timeline .tick-utc { font-size: 10.5px; fill: var(--faint); font-family: "DejaVu Sans Mono", monospace; }
        svg.timeline .tick-utc.none { fill: var(--gap-ink); font-style: italic; }
        svg.timeline .tick-date { font-size: 11px; fill: var(--muted); font-weight: 600; }
        svg.timeline .axis-caption, svg.timeline .lane-caption { font-size: 11px; fill: var(--faint); text-transform: uppercase; }
        svg.timeline .region.gap { fill: url(#hatch-gap); }
        svg.timeline .region.overlap { fill: url(#hatch-overlap); }
        svg.timeline .region-hatch { fill: none; stroke-width: 1; }
        svg.timeline .region-hatch.gap { stroke: var(--gap-line); }
        svg.timeline .region-hatch.overlap { stroke: var(--overlap-line); }
        svg.timeline .region-label { font-weight: 700; font-size: 12px; }
        svg.timeline .region-label.gap { fill: var(--gap-ink); } svg.timeline .region-label.overlap { fill: var(--overlap-ink); }
        svg.timeline .region-sub { font-size: 11px; } svg.timeline .region-sub.gap { fill: var(--gap-ink); }
        svg.timeline .region-sub.overlap { fill: var(--overlap-ink); }
        svg.timeline .schedule-change { stroke: var(--muted); stroke-width: 1.5; stroke-dasharray: 5 3; }
        svg.timeline .app-event { stroke: var(--muted); stroke-width: 1; stroke-dasharray: 2 3; }
        svg.timeline .schedule-change-label { font-size: 11px; font-weight: 700; fill: var(--muted); }
        svg.timeline .stem { stroke-width: 1.2; stroke-dasharray: 2 3; }
        svg.timeline .stem.expected { stroke: var(--expected); } svg.timeline .stem.actual { stroke: var(--actual); }
        svg.timeline .marker.expected { fill: var(--expected); stroke: var(--expected); }
        svg.timeline .marker.actual { fill: var(--actual); stroke: var(--actual); }
        svg.timeline .marker.matching { fill-opacity: .35; stroke-width: 1.5; }
        svg.timeline .marker.missing, svg.timeline .marker.unexpected { fill: var(--bg); stroke: var(--failed); stroke-width: 2.5; }
        svg.timeline .mark-time { font-weight: 700; font-size: 12.5px; }
        svg.timeline .mark-time.expected { fill: var(--expected); } svg.timeline .mark-time.actual { fill: var(--actual); }
        svg.timeline .mark-time.matching { font-weight: 400; }
        svg.timeline .mark-sub { font-size: 10.5px; fill: var(--muted); }
        svg.timeline .mark-sub.missing, svg.timeline .mark-sub.unexpected { fill: var(--failed); font-weight: 600; }
        svg.timeline .planned { fill: var(--bg); stroke: var(--expected); stroke-width: 2.5; }
        svg.timeline .actual.run-ok { fill: var(--passed); }
        svg.timeline .actual.run-bad { fill: var(--bg); stroke: var(--failed); stroke-width: 3; }
        svg.timeline .delay { stroke-width: 1.5; } svg.timeline .delay.run-ok { stroke: var(--passed); }
        svg.timeline .delay.run-bad { stroke: var(--failed); stroke-dasharray: 6 2 1 2; }
        svg.timeline .delay.missed { stroke: var(--failed); stroke-dasharray: 4 3; }
        svg.timeline .unmet { fill: none; stroke: var(--failed); stroke-width: 2.5; }
        svg.timeline .refused { fill: var(--bg); stroke: var(--failed); stroke-width: 2.5; }
        svg.timeline .expected-run { fill: var(--bg); stroke: var(--failed); stroke-width: 2; stroke-dasharray: 3 2; }
        svg.timeline .expected-link { stroke: var(--failed); stroke-width: 1.5; stroke-dasharray: 1 3; }
        svg.timeline .cross { stroke-width: 2.5; } svg.timeline .cross.run-bad { stroke: var(--failed); }
        svg.timeline .run-time { font-size: 11px; fill: var(--expected); font-family: "DejaVu Sans Mono", monospace; }
        svg.timeline .run-outcome { font-size: 11px; font-weight: 600; }
        svg.timeline .leader { stroke: var(--leader); stroke-width: 1; stroke-dasharray: 2 3; }
        svg.timeline .run-outcome.run-ok { fill: var(--passed); } svg.timeline .run-outcome.run-bad { fill: var(--failed); }
        table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
        th, td { text-align: left; padding: 5px 12px 5px 0; vertical-align: top; border-bottom: 1px solid var(--line-soft); }
        th { color: var(--muted); font-weight: 600; font-size: 12px; }
        table.occurrences .utc, table.runs .key { color: var(--muted); font-size: 12px; }
        table.occurrences .local { font-weight: 600; }
        table.occurrences td.kind { font-size: 12px; color: var(--muted); white-space: nowrap; }
        table.occurrences tr.missing td.kind, table.occurrences tr.unexpected td.kind,
        table.occurrences tr.key-mismatch td.kind, table.occurrences tr.differs td.kind { color: var(--failed); font-weight: 700; }
        table.occurrences tr.missing, table.occurrences tr.unexpected { background: var(--error-bg); }
        td.none { color: var(--muted); }
        table.occurrences tr.folded td { color: var(--muted); font-style: italic; }
        table.runs tr.bad td.outcome { color: var(--failed); font-weight: 700; }
        table.runs tr.good td.outcome { color: var(--passed); font-weight: 600; }
        table.runs tr.folded td { color: var(--muted); font-style: italic; }
        table.runs td.number { color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; }
        ul.checks { list-style: none; padding: 0; margin: 4px 0; }
        ul.checks li { padding: 2px 0; } ul.checks li.good { color: var(--passed); }
        ul.checks li.bad { color: var(--failed); font-weight: 600; }
        ul.checks li.expected-error { color: var(--ink); }
        /* An expectation's instant in wall time keeps its RFC 3339 text in a title: dotted, as a hint that it has one. */
        ul.checks time[title] { text-decoration: underline dotted; text-underline-offset: 3px; }
        details.more-diagnostics summary { cursor: pointer; font-weight: 600; margin: 6px 0; }
        details.environment { margin-top: 24px; color: var(--muted); }
        details.environment summary { cursor: pointer; font-weight: 600; }
        details.environment th { width: 160px; }
        /* A comma list without spaces (the zones of a whole corpus) made the page 3,745 px wide (a review). */
        details.environment td { overflow-wrap: anywhere; word-break: break-word; }
        #nothing-shown { color: var(--muted); font-style: italic; }
        .name, .case, .why, .where, .message, .description, .zone, .deviation, section.attention a, .file-name .path, ul.checks li, .row-reason,
          #printed-filters { overflow-wrap: anywhere; }
        table.occurrences, table.runs { display: block; max-width: 100%; overflow-x: auto; }
        /* A table wider than its box shows a shadow at the edge it scrolls towards, without JavaScript (a 420 px review
           saw only the first columns, with no hint that the rest scrolls). */
        table.occurrences, table.runs {
          background: linear-gradient(to right, var(--bg) 30%, transparent) left / 32px 100% no-repeat local,
            linear-gradient(to left, var(--bg) 30%, transparent) right / 32px 100% no-repeat local,
            radial-gradient(farthest-side at 0 50%, var(--line), transparent) left / 12px 100% no-repeat scroll,
            radial-gradient(farthest-side at 100% 50%, var(--line), transparent) right / 12px 100% no-repeat scroll; }
        table.occurrences .local, table.occurrences .utc, table.runs td { white-space: nowrap; }
        /* A long reason (why a killed run's process died) wraps in its cell: it widened the table past the page. */
        table.runs td.outcome { white-space: normal; min-width: 14em; }
        @media (max-width: 600px) {
          body { padding: 12px 10px 32px; }
          .body { padding: 4px 4px 12px 8px; }
          .badge { min-width: 0; }
          #find { width: 100%; } }
        @media print {
          :root { color-scheme: light; }
          body { padding: 0; }
          nav.filters, a.skip { display: none; }
          .print-only:not([hidden]) { display: block; }
          details::details-content { content-visibility: visible; }
          details.checked:not([open])::details-content { content-visibility: hidden; }
          .picture-scroll { overflow: visible; }
          .picture-scroll > svg { min-width: 0; }
          table.occurrences, table.runs { display: table; overflow: visible; }
          table.occurrences .local, table.occurrences .utc, table.runs td { white-space: normal; overflow-wrap: anywhere; }
          figure.picture, table.occurrences tr, table.runs tr, pre.diagnostic, .row, section.attention li { break-inside: avoid; }
          pre.diagnostic .source, pre.checked { white-space: pre-wrap; overflow-wrap: anywhere; }
          h2, h3, h4, h5, .file-name, summary { break-after: avoid; }
          .badge, .closing, .engine, .tag, .chip, section.attention, pre.diagnostic, table tr { print-color-adjust: exact;
            -webkit-print-color-adjust: exact; } }

        """

    /// Filters: a test shows when its status is ticked, it has one of the ticked tags (or no tag is ticked), and its
    /// text or file contains what is typed in Find. A file shows when one of its tests does. While a filter is set
    /// and at most `openLimit` tests match, the files holding them open; with no filter each file is as it was.
    ///
    /// Each test's status, tags and text are read once (the text on the first search), and a test's `hidden` is
    /// written only when it changes: with 15,000 tests, reading and writing them all on each change took seconds.
    static let script = """

        (function () {
          var openLimit = 300;
          var statusBoxes = Array.prototype.slice.call(document.querySelectorAll("input[name=status]"));
          var tagBoxes = Array.prototype.slice.call(document.querySelectorAll("input[name=tag]"));
          var find = document.getElementById("find");
          var shownCount = document.getElementById("shown-count");
          var tagsTicked = document.getElementById("tags-ticked");
          var printedFilters = document.getElementById("printed-filters");
          var linkNote = document.getElementById("link-filters");
          var total = 0;
          var files = Array.prototype.map.call(document.querySelectorAll("details.file"), function (element) {
            var tests = Array.prototype.map.call(element.querySelectorAll("article.test"), function (test) {
              return { element: test, status: test.getAttribute("data-status"),
                       tags: test.getAttribute("data-tags").normalize("NFC").split("\\n"), text: null, shown: true };
            });
            total += tests.length;
            return { element: element, open: element.open, tests: tests, shown: tests.length,
                     name: (element.getAttribute("data-file") || "").normalize("NFC").toLowerCase(),
                     note: element.querySelector(".file-shown") };
          });
          function apply() {
            var statuses = statusBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
            var tags = tagBoxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value.normalize("NFC"); });
            // NFC on both sides: a name typed or pasted decomposed (macOS) finds its composed spelling, and back.
            var needle = find.value.trim().normalize("NFC").toLowerCase();
            var filtering = statuses.length < statusBoxes.length || tags.length > 0 || needle !== "";
            var shown = 0;
            files.forEach(function (file) {
              file.shown = 0;
              file.tests.forEach(function (test) {
                var ok = statuses.indexOf(test.status) >= 0
                  && (tags.length === 0 || tags.some(function (t) { return test.tags.indexOf(t) >= 0; }));
                if (ok && needle !== "") {
                  if (test.text === null) {
                    // Not what a pass checked: a search for "2027" would find every pass, and only in opened files.
                    var list = test.element.querySelector("pre.checked");
                    test.text = test.element.textContent.replace(list ? list.textContent : "", "").normalize("NFC").toLowerCase();
                  }
                  ok = test.text.indexOf(needle) >= 0 || file.name.indexOf(needle) >= 0;
                }
                if (ok !== test.shown) { test.shown = ok; test.element.hidden = !ok; }
                if (ok) { file.shown += 1; }
              });
              if (file.element.hidden !== (file.shown === 0)) { file.element.hidden = file.shown === 0; }
              file.note.textContent = filtering && file.shown > 0 && file.shown < file.tests.length
                ? file.shown + " of " + file.tests.length + " match" : "";
              shown += file.shown;
            });
            files.forEach(function (file) {
              var open = !filtering ? file.open : shown <= openLimit ? file.shown > 0 : file.element.open;
              if (file.element.open !== open) { file.element.open = open; }
            });
            document.getElementById("nothing-shown").hidden = shown !== 0;
            shownCount.textContent = shown + " of " + total + " tests shown";
            if (tagsTicked) { tagsTicked.textContent = tags.length === 0 ? "none ticked: every tag" : "ticked: " + tags.join(", "); }
            // The filters are not printed: a printout filtered by them says which, above the tests.
            var unticked = statusBoxes.filter(function (b) { return !b.checked; });
            printedFilters.hidden = !filtering;
            printedFilters.textContent = !filtering ? "" : "Printed with filters: " + [
              unticked.length > 0 ? "status " + statusBoxes.filter(function (b) { return b.checked; })
                .map(function (b) { return b.getAttribute("data-title"); }).join(", ") : "",
              tags.length > 0 ? "tag " + tags.join(" or ") : "",
              needle !== "" ? "find “" + find.value.trim() + "”" : ""
            ].filter(function (s) { return s !== ""; }).join("; ") + " (" + shown + " of " + total + " tests).";
            writeAddress(statuses, tags, find.value.trim(), unticked.length > 0);
          }
          // The filters live in the address too (?status=failed,error&tag=dst&find=some+text): the address bar always
          // holds a link that opens the report filtered the same way, to paste in a ticket or a CI summary.
          function readAddress() {
            var params;
            try { params = new URLSearchParams(location.search); } catch (e) { return; }
            var ignored = [];
            var statuses = [];
            params.getAll("status").forEach(function (value) {
              value.split(",").forEach(function (word) {
                word = word.trim().toLowerCase().replace(/[ _]/g, "-");
                if (word === "") { return; }
                var box = statusBoxes.filter(function (b) { return b.value === word || b.value === word.replace(/s$/, ""); })[0];
                if (box) { statuses.push(box.value); } else { ignored.push("status “" + word + "”"); }
              });
            });
            // A link whose statuses are all unknown shows every status rather than nothing.
            if (statuses.length > 0) { statusBoxes.forEach(function (b) { b.checked = statuses.indexOf(b.value) >= 0; }); }
            params.getAll("tag").forEach(function (value) {
              var tag = value.normalize("NFC");
              var box = tagBoxes.filter(function (b) { return b.value.normalize("NFC") === tag; })[0];
              if (box) { box.checked = true; } else if (tag !== "") { ignored.push("tag “" + value + "”"); }
            });
            if (params.has("find")) { find.value = params.get("find"); }
            linkNote.hidden = ignored.length === 0;
            linkNote.textContent = ignored.length === 0 ? "" : "The link’s filters name what this report does not hold, "
              + "so they were left out: " + ignored.join(", ") + ". Statuses: "
              + statusBoxes.map(function (b) { return b.value; }).join(", ") + ".";
          }
          function writeAddress(statuses, tags, needle, someUnticked) {
            // Written by hand rather than by URLSearchParams, which writes the commas between statuses as %2C.
            var params = [];
            if (someUnticked) { params.push("status=" + statuses.join(",")); }
            tags.forEach(function (tag) { params.push("tag=" + encodeURIComponent(tag)); });
            if (needle !== "") { params.push("find=" + encodeURIComponent(needle)); }
            var query = params.join("&");
            var address = location.pathname + (query === "" ? "" : "?" + query) + location.hash;
            if (address === location.pathname + location.search + location.hash) { return; }
            // Some browsers refuse to rewrite a file:// address: the filters still work, the link is not kept.
            try { history.replaceState(history.state, "", address); } catch (e) { }
          }
          // A link from "Needs attention" scrolls its test just below the sticky filters, not under them, and opens
          // the folded file or warnings it is in.
          var filters = document.querySelector("nav.filters");
          // In a narrow window the filters are not sticky (five rows of them took a third of a phone's screen).
          function measure() {
            var sticky = getComputedStyle(filters).position === "sticky";
            document.documentElement.style.setProperty("--filters-height", (sticky ? filters.offsetHeight : 0) + "px");
          }
          function reveal() {
            var target = location.hash.length > 1 ? document.getElementById(location.hash.slice(1)) : null;
            if (!target) { return; }
            for (var h = target; h; h = h.parentElement) {
              if (h.hidden) {
                // The filters hide what the link points at: show every test again rather than scroll to nothing.
                statusBoxes.forEach(function (b) { b.checked = true; });
                tagBoxes.forEach(function (b) { b.checked = false; });
                find.value = "";
                apply();
                break;
              }
            }
            for (var e = target.parentElement; e; e = e.parentElement) { if (e.tagName === "DETAILS") { e.open = true; } }
            target.scrollIntoView();
          }
          // Printed, every folded file and test is open (the style sheet opens them too, where a browser can), and
          // folded again as it was after.
          var openedForPrint = [];
          window.addEventListener("beforeprint", function () {
            Array.prototype.forEach.call(document.querySelectorAll("details:not([open]):not(.checked)"), function (d) {
              d.open = true; openedForPrint.push(d);
            });
          });
          window.addEventListener("afterprint", function () {
            openedForPrint.forEach(function (d) { d.open = false; });
            openedForPrint = [];
          });
          // A pass's row and the list of what it checked (an inert <template> beside it) become a fold, its row the
          // summary, when the file holding it opens: written out as <details>, 14,000 of them doubled the load time.
          function unfold(root) {
            Array.prototype.forEach.call(root.querySelectorAll("template.checked"), function (list) {
              var row = list.previousElementSibling;
              var fold = document.createElement("details");
              var summary = document.createElement("summary");
              var pre = document.createElement("pre");
              fold.className = "checked"; summary.className = "row"; pre.className = "checked";
              while (row.firstChild) { summary.appendChild(row.firstChild); }
              pre.appendChild(list.content);
              fold.appendChild(summary); fold.appendChild(pre);
              row.replaceWith(fold); list.remove();
            });
          }
          files.forEach(function (file) {
            if (file.element.open) { unfold(file.element); }
            file.element.addEventListener("toggle", function () { if (file.element.open) { unfold(file.element); } });
          });
          // A box that scrolls sideways shows what it is about, once, when it is first drawn: a diagnostic's source
          // line its caret, a picture wider than a phone its first difference (it opened on the axis's left end,
          // away from the marks a 390 px reader looked for).
          function showInBox(box, target) {
            if (!target || box.clientWidth === 0 || box.dataset.shown) { return; }
            box.dataset.shown = "1";
            var rect = target.getBoundingClientRect();
            var at = rect.left - box.getBoundingClientRect().left + box.scrollLeft;
            if (at + rect.width <= box.clientWidth - 8) { return; }
            // Centred, or from its left edge when it is wider than half the box (a mark's label was cut on the left).
            box.scrollLeft = rect.width > box.clientWidth / 2 ? at - 8 : at + rect.width / 2 - box.clientWidth / 2;
          }
          function showCarets() {
            Array.prototype.forEach.call(document.querySelectorAll("pre.diagnostic .source"), function (line) {
              showInBox(line, line.querySelector(".caret"));
            });
            Array.prototype.forEach.call(document.querySelectorAll(".picture-scroll"), function (box) {
              if (box.scrollWidth > box.clientWidth) { showDifference(box); }
            });
          }
          // A picture wider than its box (a phone) opens at its first difference, the leftmost label of a difference
          // (its time and what it is; else its mark) whole, with the change's caption beside it when both fit: the
          // first label in the page's order was scrolled to, and the one left of it was cut (a 420 px review read
          // "ual · not expected"). The caption of an occurrence picture's gap or overlap, wider than a phone, is
          // written whole above the picture instead (a review read "twice (clocks fall back…").
          function showDifference(box) {
            if (box.clientWidth === 0 || box.dataset.shown) { return; }
            var labels = box.querySelectorAll("svg text.missing, svg text.unexpected, svg text.run-bad");
            var targets = labels.length ? labels : box.querySelectorAll("svg .missing, svg .unexpected, svg .run-bad, svg .unmet");
            if (targets.length === 0) { return; }
            box.dataset.shown = "1";
            var figure = box.parentNode, region = box.querySelector("svg text.region-label");
            if (region && !figure.querySelector(".picture-change")) {
              var caption = document.createElement("p");
              caption.className = "picture-change " + (region.classList.contains("gap") ? "gap" : "overlap");
              caption.setAttribute("aria-hidden", "true");
              caption.textContent = region.textContent;
              figure.insertBefore(caption, box);
              figure.classList.add("scrolls");
            }
            var origin = box.getBoundingClientRect().left - box.scrollLeft;
            function span(element) { var r = element.getBoundingClientRect(); return { left: r.left - origin, right: r.right - origin }; }
            var spans = Array.prototype.map.call(targets, span).filter(function (s) { return s.right > s.left; });
            if (spans.length === 0) { return; }
            spans.sort(function (a, b) { return a.left - b.left; });
            var room = box.clientWidth - 16, left = spans[0].left, right = spans[0].right;
            // The labels of that difference (and of those just right of it), and a change's caption, while they fit.
            var extra = spans.slice(1).concat(Array.prototype.map.call(
              box.querySelectorAll("svg text.schedule-change-label, svg text.region-sub"), span));
            extra.sort(function (a, b) { return Math.abs(a.left - left) - Math.abs(b.left - left); });
            extra.forEach(function (s) {
              if (Math.max(right, s.right) - Math.min(left, s.left) <= room) { left = Math.min(left, s.left); right = Math.max(right, s.right); }
            });
            if (left >= 8 && right <= box.clientWidth - 8) { return; }
            box.scrollLeft = right - left > room ? left - 8 : (left + right) / 2 - box.clientWidth / 2;
          }
          document.addEventListener("toggle", showCarets, true);
          window.addEventListener("resize", showCarets);
          window.addEventListener("resize", measure);
          window.addEventListener("hashchange", reveal);
          measure();
          statusBoxes.concat(tagBoxes).forEach(function (box) { box.addEventListener("change", apply); });
          // Typing waits for a pause: each keystroke searched every test's text (8 s a letter on 8,500 tests).
          var typing = null;
          find.addEventListener("input", function () { clearTimeout(typing); typing = setTimeout(apply, 250); });
          readAddress();
          apply();
          reveal();
          showCarets();
        })();

        """
}
