"""Fragments of MkDocs Material's documentation (unchanged, test material for the Markdown
reader's MkDocs syntax: admonition types, code annotations, shortcodes).

| name | repository | path | commit | licence |
|---|---|---|---|---|
| MKDOCS_ICONS, MKDOCS_CLASSIC | https://github.com/squidfunk/mkdocs-material | docs/reference/admonitions.md | 5b36f2ac499a45905e246bc66bbee2858ef6556f | MIT |
| MATH_MATHJAX_TAB | https://github.com/squidfunk/mkdocs-material | docs/reference/math.md | 5b36f2ac499a45905e246bc66bbee2858ef6556f | MIT |
"""

from __future__ import annotations

# The "Admonition icons" section: a version shortcode, YAML with a code annotation `# (1)!`
# and the annotation's text (with the icon search widget) after it.
MKDOCS_ICONS = '### Admonition icons\n\n<!-- md:version 8.3.0 -->\n\nEach of the supported admonition types has a distinct icon, which can be changed\nto any icon bundled with the theme, or even a [custom icon]. Add the following\nlines to `mkdocs.yml`:\n\n``` yaml\ntheme:\n  icon:\n    admonition:\n      <type>: <icon> # (1)!\n```\n\n1.  Enter a few keywords to find the perfect icon using our [icon search] and\n    click on the shortcode to copy it to your clipboard:\n\n    <div class="mdx-iconsearch" data-mdx-component="iconsearch">\n      <input class="md-input md-input--stretch mdx-iconsearch__input" placeholder="Search icon" data-mdx-component="iconsearch-query" value="alert" />\n      <div class="mdx-iconsearch-result" data-mdx-component="iconsearch-result" data-mdx-mode="file">\n        <div class="mdx-iconsearch-result__meta"></div>\n        <ol class="mdx-iconsearch-result__list"></ol>\n      </div>\n'

# "Classic admonitions": a version shortcode amid a sentence, then a classic admonition.
MKDOCS_CLASSIC = '### Classic admonitions\n\nPrior to version <!-- md:version 8.5.6 -->, admonitions had a slightly\ndifferent appearance:\n\n!!! classic "Note"\n\n    Lorem ipsum dolor sit amet, consectetur adipiscing elit. Nulla et euismod\n    nulla. Curabitur feugiat, tortor non consequat finibus, justo purus auctor\n    massa, nec semper lorem quam in massa.\n\nIf you want to restore this appearance, add the following CSS to an\n'

# The MathJax configuration tab: JavaScript with a `// (1)!` annotation and its text.
MATH_MATHJAX_TAB = '=== ":octicons-file-code-16: `docs/javascripts/mathjax.js`"\n\n    ``` js\n    window.MathJax = {\n      tex: {\n        inlineMath: [["\\\\(", "\\\\)"]],\n        displayMath: [["\\\\[", "\\\\]"]],\n        processEscapes: true,\n        processEnvironments: true\n      },\n      options: {\n        ignoreHtmlClass: ".*|",\n        processHtmlClass: "arithmatex"\n      }\n    };\n\n    document$.subscribe(() => { // (1)!\n      MathJax.startup.output.clearCache()\n      MathJax.typesetClear()\n      MathJax.texReset()\n      MathJax.typesetPromise()\n    })\n    ```\n\n    1. This integrates MathJax with [instant loading].\n\n'
