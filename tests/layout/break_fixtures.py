"""Line-fit fixtures (Chromium compares line widths in LayoutUnits): name -> HTML placed inside a
1280x720 `.slide`, recorded by chromium_breaks.py into expected_breaks.json. Box widths sit within
0.05 px of a line's measured width; `<span>` splits the text into separate inline items."""

FIXTURES: dict[str, str] = {
    "line_fit_0": "<div id=\"a\" data-lines style=\"width:86.3829px;font:14px 'Liberation Sans';line-height:1.2\">brown <span>the</span> jinx region while dog</div>",
    "line_fit_1": "<div id=\"a\" data-lines style=\"width:161.4501px;font:18px 'Liberation Serif';line-height:1.2\">wizards fox seven dog balance jumps</div>",
    "line_fit_2": "<div id=\"a\" data-lines style=\"width:109.8362px;font:13px 'Liberation Sans';line-height:1.2\">the <span>seven</span> payment wizards jinx quartz</div>",
    "line_fit_3": "<div id=\"a\" data-lines style=\"width:225.123px;font:18px 'DejaVu Sans';line-height:1.2\">over <span>jinx</span> payment brown fox offset</div>",
    "line_fit_4": "<div id=\"a\" data-lines style=\"width:235.7473px;font:21px 'Liberation Sans';line-height:1.2\">quartz <span>vow</span> jumps system latency feature</div>",
    "line_fit_5": "<div id=\"a\" data-lines style=\"width:103.4109px;font:14px 'Liberation Serif';line-height:1.2\">wizards <span>quick</span> jinx region over jumps</div>",
    "line_fit_6": "<div id=\"a\" data-lines style=\"width:58.3384px;font:14px 'Liberation Sans';line-height:1.2\">while <span>fox</span> balance jinx latency quartz</div>",
    "line_fit_7": "<div id=\"a\" data-lines style=\"width:141.1148px;font:21px 'Liberation Serif';line-height:1.2\">payment <span>the</span> jinx while dog fox</div>",
    "line_fit_8": "<div id=\"a\" data-lines style=\"width:87.0092px;font:13px 'DejaVu Sans';line-height:1.2\">quartz region lazy vow the offset</div>",
    "line_fit_9": "<div id=\"a\" data-lines style=\"width:120.0419px;font:16px 'DejaVu Sans';line-height:1.2\">hex dog region jinx seven the</div>",
    "line_fit_10": "<div id=\"a\" data-lines style=\"width:274.3305px;font:21px 'DejaVu Sans';line-height:1.2\">system <span>quick</span> balance dog quartz vow</div>",
    "line_fit_11": "<div id=\"a\" data-lines style=\"width:77.5928px;font:13px 'Liberation Serif';line-height:1.2\">seven payment system latency quartz over</div>",
}
