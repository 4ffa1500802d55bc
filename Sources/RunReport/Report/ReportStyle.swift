/// The report's style sheet, inline in the page: system fonts only, colours as variables so that one block
/// switches the page and its charts to dark when the reader's system prefers it.
package enum ReportStyle {
    package static let css = """
        :root {
          color-scheme: light dark;
          --bg: #f3f4f6; --card: #ffffff; --text: #1b1f24; --muted: #5d6873; --faint: #98a1ab;
          --line: #e1e4e8; --grid: #eceef1; --chip: #eef0f3;
          --accent: #3867d6; --years: #0e9384; --genres: #7a55d3; --rows: #5a7186;
          --good: #17804a; --good-bg: #dff3e7; --warn: #a86200; --warn-bg: #fdeccf;
          --bad: #c42b3a; --bad-bg: #fce4e6; --gray-bg: #e8eaed;
          --added: #1f9d57; --changed: #3867d6; --gone: #d0454f; --missing: #e0871a; --kept: #a3adb8;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0d1117; --card: #161b22; --text: #e6edf3; --muted: #9aa5b1; --faint: #6b7580;
            --line: #29313b; --grid: #222a33; --chip: #212831;
            --accent: #6d9dff; --years: #35c3b1; --genres: #a88bff; --rows: #8ea4ba;
            --good: #4cc587; --good-bg: #12301f; --warn: #f2a93b; --warn-bg: #38280d;
            --bad: #ff6b7a; --bad-bg: #3b161b; --gray-bg: #262d36;
            --added: #43c27b; --changed: #6d9dff; --gone: #f06470; --missing: #f2a93b; --kept: #5d6873;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--text);
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
          font-variant-numeric: tabular-nums;
        }
        a { color: var(--accent); text-decoration: none; }
        a:hover { text-decoration: underline; }
        code { font: 0.88em/1.4 ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; }
        .wrap { max-width: 1200px; margin: 0 auto; padding: 0 28px; }
        .masthead { background: var(--card); border-bottom: 1px solid var(--line); padding: 26px 0 20px; }
        .eyebrow {
          margin: 0 0 4px; font-size: 12px; font-weight: 600; letter-spacing: .09em; text-transform: uppercase;
          color: var(--muted);
        }
        .title-row { display: flex; align-items: center; flex-wrap: wrap; gap: 14px; }
        h1 { margin: 0; font-size: 34px; line-height: 1.15; letter-spacing: -.015em; overflow-wrap: anywhere; }
        .badge {
          display: inline-block; padding: 3px 11px; border-radius: 999px; font-size: 12.5px; font-weight: 700;
          letter-spacing: .06em; text-transform: uppercase;
        }
        .status-complete { background: var(--good-bg); color: var(--good); }
        .status-partial { background: var(--warn-bg); color: var(--warn); }
        .status-failed { background: var(--bad-bg); color: var(--bad); }
        .status-interrupted { background: var(--gray-bg); color: var(--muted); }
        .meta { display: flex; flex-wrap: wrap; gap: 4px 22px; margin: 10px 0 0; color: var(--muted); font-size: 14px; }
        .meta code { color: var(--text); }
        main { padding: 24px 28px 36px; }
        .kpis { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin: 0 0 22px; }
        .kpi { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 13px 16px 12px; }
        .kpi .label {
          font-size: 11.5px; font-weight: 600; letter-spacing: .07em; text-transform: uppercase; color: var(--muted);
        }
        .kpi .value { margin: 2px 0 1px; font-size: 26px; font-weight: 650; letter-spacing: -.01em; white-space: nowrap; }
        .kpi .sub { font-size: 13px; color: var(--muted); }
        .kpi.bad { border-color: var(--bad); } .kpi.bad .value { color: var(--bad); }
        .kpi.warn .value { color: var(--warn); }
        .kpi.good .value { color: var(--good); }
        .alert {
          margin: 0 0 22px; padding: 12px 16px; border-left: 4px solid var(--bad); border-radius: 8px;
          background: var(--bad-bg);
        }
        .card {
          background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 22px 26px 24px;
          margin: 0 0 20px;
        }
        h2 { margin: 0 0 10px; font-size: 21px; letter-spacing: -.01em; }
        h2 .aka { font-size: 14px; font-weight: 400; color: var(--muted); }
        h3 {
          margin: 26px 0 12px; font-size: 12.5px; font-weight: 700; letter-spacing: .08em; text-transform: uppercase;
          color: var(--muted);
        }
        .chips { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 18px; padding: 0; list-style: none; }
        .chips li { padding: 3px 11px; border-radius: 999px; background: var(--chip); font-size: 13px; color: var(--muted); }
        .chips b { color: var(--text); font-weight: 600; }
        .bad, .chips b.bad { color: var(--bad); }
        .charts { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 22px 36px; }
        .charts .wide { grid-column: 1 / -1; }
        @media (max-width: 820px) { .charts { grid-template-columns: minmax(0, 1fr); } }
        figure { margin: 0; }
        figcaption { margin: 0 0 8px; font-size: 14.5px; font-weight: 600; }
        .note { font-weight: 400; color: var(--muted); font-size: 13px; }
        svg.chart { display: block; width: 100%; height: auto; overflow: visible; }
        svg.chart text { fill: var(--muted); font: 11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        svg.chart .label { fill: var(--text); font-size: 12.5px; }
        svg.chart .figure { font-size: 12px; }
        svg.chart .axis-title { font-size: 11.5px; }
        svg.chart .grid { stroke: var(--grid); stroke-width: 1; }
        svg.chart .axis { stroke: var(--faint); stroke-width: 1; }
        svg.chart .bar { fill: var(--accent); }
        svg.chart .bar:hover { opacity: .75; }
        svg.chart[data-chart="years"] .bar { fill: var(--years); }
        svg.chart[data-chart="genres"] .bar { fill: var(--genres); }
        svg.chart[data-chart="tables"] .bar, svg.chart[data-chart="timings"] .bar { fill: var(--rows); }
        svg.chart .bar.tone-added { fill: var(--added); }
        svg.chart .bar.tone-changed { fill: var(--changed); }
        svg.chart .bar.tone-gone { fill: var(--gone); }
        svg.chart .bar.tone-missing { fill: var(--missing); }
        svg.chart .bar.tone-kept { fill: var(--kept); }
        .empty { margin: 6px 0; color: var(--muted); font-style: italic; }
        .fineprint { margin: 10px 0 0; font-size: 13px; color: var(--muted); }
        .funnel { display: flex; flex-wrap: wrap; gap: 8px 26px; margin: 0 0 22px; }
        .funnel div { display: flex; flex-direction: column-reverse; }
        .funnel dt { font-size: 12.5px; color: var(--muted); }
        .funnel dd { margin: 0; font-size: 19px; font-weight: 600; }
        .funnel .strong dd { color: var(--accent); }
        .funnel .bad dd { color: var(--bad); }
        .sheet {
          display: grid; grid-template-columns: repeat(auto-fill, minmax(122px, 1fr)); gap: 18px 14px;
          margin: 0; padding: 0; list-style: none;
        }
        .sheet li { position: relative; min-width: 0; }
        .sheet img {
          display: block; width: 100%; height: auto; aspect-ratio: 2 / 3; object-fit: cover; border-radius: 6px;
          background: var(--gray-bg); box-shadow: 0 1px 2px rgba(0, 0, 0, .12), 0 4px 12px rgba(0, 0, 0, .08);
        }
        .sheet .rank {
          position: absolute; top: 6px; left: 6px; min-width: 24px; padding: 1px 7px; border-radius: 999px;
          background: rgba(10, 12, 16, .78); color: #fff; font-size: 12px; font-weight: 700; text-align: center;
        }
        .sheet .caption {
          display: -webkit-box; margin-top: 7px; overflow: hidden; font-size: 13px; font-weight: 600; line-height: 1.3;
          -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow-wrap: anywhere;
        }
        .sheet .detail { display: block; font-size: 12px; color: var(--muted); }
        table { width: 100%; border-collapse: collapse; font-size: 14px; }
        th {
          padding: 6px 12px 6px 0; border-bottom: 1px solid var(--line); text-align: left; font-size: 11.5px;
          font-weight: 600; letter-spacing: .06em; text-transform: uppercase; color: var(--muted);
        }
        td { padding: 7px 12px 7px 0; border-bottom: 1px solid var(--line); vertical-align: top; overflow-wrap: anywhere; }
        tr:last-child td { border-bottom: 0; }
        .num { text-align: right; white-space: nowrap; }
        table.compact td, table.compact th { padding-top: 5px; padding-bottom: 5px; }
        .failures td:last-child { font-size: 13.5px; }
        .hash { color: var(--muted); }
        details summary { cursor: pointer; font-size: 17px; font-weight: 650; }
        details[open] summary { margin-bottom: 12px; }
        footer { padding: 0 28px 40px; font-size: 13px; color: var(--muted); }
        """
}
