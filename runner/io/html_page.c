/* The HTML page frame and stylesheet shared by report and store trend. */
#include "io/html_page.h"
#include "io/grid.h"

const char sm_html_style[] =
    "body{font:14px/1.45 system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;color:#222;"
    "margin:0 auto;max-width:1400px;padding:0 16px 48px}\n"
    "h1{font-size:24px;margin:24px 0 4px}h2{font-size:19px;margin:32px 0 6px;border-bottom:1px "
    "solid #ddd;padding-bottom:4px}\n"
    "p.intro{color:#555;max-width:900px;margin:4px 0 10px}\n"
    "nav a{margin-right:14px}\n"
    "table{border-collapse:collapse;margin:6px 0 12px;font-variant-numeric:tabular-nums}\n"
    "th,td{padding:3px 9px;border-bottom:1px solid #e4e4e4;text-align:left;vertical-align:top;"
    "white-space:nowrap}\n"
    "td.wrap{white-space:normal;min-width:12em}\n"
    "th{background:#f3f5f8;position:sticky;top:0;white-space:normal;vertical-align:bottom}\n"
    "table.sortable th{cursor:pointer;user-select:none}\n"
    "th[aria-sort=ascending]::after{content:\" \\25B2\"}"
    "th[aria-sort=descending]::after{content:\" \\25BC\"}\n"
    "td.num,th.num{text-align:right}\n"
    "tbody tr:hover{background:#fafbe6}\n"
    ".worse{color:#b00}.better{color:#070}\n"
    ".charts{display:flex;flex-wrap:wrap;gap:12px}\n"
    "figure{margin:0;border:1px solid #e4e4e4;border-radius:4px;padding:6px}\n"
    "figcaption{font-weight:600;margin:0 0 2px 4px}\n"
    "svg text{font:11px system-ui,sans-serif;fill:#333}\n"
    "svg .axis-title{font-size:12px;fill:#222}\n"
    "svg .grid{stroke:#e8e8e8}svg .axis{stroke:#888}\n"
    "svg .band{fill:#cde}svg .level{stroke:#c60;stroke-width:2}svg .point{fill:#246}"
    "svg .event{stroke:#888;stroke-dasharray:4 3}\n"
    ".wide{overflow-x:auto}\n"
    "table.heatmap td,table.heatmap th{padding:2px 7px;border-bottom:1px solid #fff}\n"
    "table.heatmap th{cursor:default}\n"
    "table.heatmap td.heat{text-align:center;min-width:3.6em}\n"
    "table.heatmap td.fastest{font-weight:700;outline:2px solid #222;outline-offset:-2px}\n"
    "table.heatmap td.none{background:#f2f2f2;color:#999}\n"
    "table.heatmap td.outlier{outline:2px dashed #222;outline-offset:-3px}\n"
    "table.heatmap tr.group td{font-weight:600;background:#fff;padding-top:8px;"
    "border-bottom:1px solid #ccc}\n"
    "table.heatmap tbody tr:hover{background:inherit}\n"
    "svg .others{fill:#888}svg .err{fill:none;stroke-width:1.2}\n";

void sm_html_page_open(GString *out, const char *title, bool script)
{
  g_string_append(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                       "<meta name=\"generator\" content=\"speedmatrix\">\n");
  /* Nothing may be fetched: the browser refuses, and says so on the console. */
  g_string_append_printf(out,
                         "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                         "'none'; style-src 'unsafe-inline'; %simg-src data:\">\n"
                         "<link rel=\"icon\" href=\"data:,\">\n<title>",
                         script ? "script-src 'unsafe-inline'; " : "");
  sm_html_escape_append(out, title);
  g_string_append_printf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n", sm_html_style);
}

void sm_html_page_close(GString *out, const char *script)
{
  if (script != NULL)
    g_string_append_printf(out, "<script>\n%s</script>\n", script);
  g_string_append(out, "</body>\n</html>\n");
}
