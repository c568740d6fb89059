"""Fragments of real Slidev decks (unchanged, test material for how an authored deck closes).

| name | repository | path | commit | licence |
|---|---|---|---|---|
| SLIDEV_LEARN_MORE | https://github.com/slidevjs/slidev | demo/starter/slides.md | dbc307b416d002d7d02ddb9742b9254427c5c299 | MIT |
| SLIDEV_THANK_YOU | https://github.com/slidevjs/slidev | demo/composable-vue/slides.md | dbc307b416d002d7d02ddb9742b9254427c5c299 | MIT |
"""

from __future__ import annotations

# The last two slides: the Monaco editor, then a centred "Learn More" over three links.
SLIDEV_LEARN_MORE = "---\n\n# Monaco Editor\n\nSlidev provides built-in Monaco Editor support.\n\nAdd `{monaco}` to the code block to turn it into an editor:\n\n```ts {monaco}\nimport { ref } from 'vue'\nimport { emptyArray } from './external'\n\nconst arr = ref(emptyArray(10))\n```\n\nUse `{monaco-run}` to create an editor that can execute the code directly in the slide:\n\n```ts {monaco-run}\nimport { version } from 'vue'\nimport { emptyArray, sayHello } from './external'\n\nsayHello()\nconsole.log(`vue ${version}`)\nconsole.log(emptyArray<number>(10).reduce(fib => [...fib, fib.at(-1)! + fib.at(-2)!], [1, 1]))\n```\n\n---\nlayout: center\nclass: text-center\n---\n\n# Learn More\n\n[Documentation](https://sli.dev) · [GitHub](https://github.com/slidevjs/slidev) · [Showcases](https://sli.dev/resources/showcases)\n\n<PoweredBySlidev mt-10 />\n"

# The recap, then a centred "Thank You!" over "Slides can be found on antfu.me".
SLIDEV_THANK_YOU = '---\n\n# Recap\n\n- Think as "Connections"\n- One thing at a time\n- Accepting ref as arguments\n- Returns an object of refs\n- Make functions flexible\n- Async to "sync"\n- Side-effect self clean up\n- Shared state\n\n---\nlayout: center\nclass: \'text-center pb-5 :\'\n---\n\n# Thank You!\n\nSlides can be found on [antfu.me](https://antfu.me)\n'
