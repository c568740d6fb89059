"""Fragments of real documents (unchanged, test material for content that would be left
hanging on a slide: a heading over nothing, annotations split from their code).

| name | repository | path | commit | licence |
|---|---|---|---|---|
| SLIDEV_CONNECTIONS | https://github.com/slidevjs/slidev | demo/composable-vue/slides.md | dbc307b416d002d7d02ddb9742b9254427c5c299 | MIT |
| MERMAID_COLORS | https://github.com/mermaid-js/mermaid | docs/config/theming.md | df032c942c32f805a7f4cd1cf30a565e610bc4f1 | MIT |
| SLIDEV_USETITLE | https://github.com/slidevjs/slidev | demo/composable-vue/slides.md | dbc307b416d002d7d02ddb9742b9254427c5c299 | MIT |
"""

from __future__ import annotations

# A slide whose grid holds a component the deck cannot draw and a "SpreadSheet Formula"
# heading over a remote picture: with remote images off, nothing is left under the heading;
# then the next slide.
SLIDEV_CONNECTIONS = '---\n\n# Think as "Connections"\n\nThe `setup()` only runs **once** on component initialization, to construct the relations between your state and logic.\n\n- Input → Output<sup class="ml-1 opacity-50">Effects</sup>\n- Output reflects to input\'s changes automatically\n\n<div class="grid grid-cols-[auto_1fr] gap-4">\n  <Connections v-click class="mt-4"/>\n  <div v-click class="p-4">\n    <h3 class="pb-2">SpreadSheet Formula</h3>\n    <img class="h-40" src="https://cdn.wallstreetmojo.com/wp-content/uploads/2019/01/Division-Formula-in-Excel-Example-1-1.png" alt="">\n  </div>\n</div>\n\n---\n\n# One Thing at a Time\n\nJust the same as authoring JavaScript functions.\n\n- Extract duplicated logics into composable functions\n- Have meaningful names\n- Consistent naming conversions - `useXX` `createXX` `onXX`\n- Keep function small and simple\n- "Do one thing, and do it well"\n\n'

# Code beside a block of "<-- 1." annotation lines pointing at it.
SLIDEV_USETITLE = "---\n\n# `useTitle` <Marker class=\"text-blue-400\">Case</Marker>\n\nTake a look at `useTitle`'s implementation\n\n<div class=\"grid grid-cols-2 gap-4\">\n<v-clicks>\n\n```ts {monaco}\nimport type { MaybeRef } from '@vueuse/core'\nimport { ref, watch } from 'vue'\n\nexport function useTitle(\n  newTitle: MaybeRef<string | null | undefined>,\n) {\n  const title = ref(newTitle || document.title)\n\n  watch(title, (t) => {\n    if (t != null)\n      document.title = t\n  }, { immediate: true })\n\n  return title\n}\n```\n\n```html\n\n<-- 1. use the user provided ref or create a new one\n\n<-- 2. sync ref changes to the document title\n\n```\n\n</v-clicks>\n</div>\n\n"

# The last chapters of a reference page: two small tables around a one-row table (read as one
# sentence), each a chapter of its own.
MERMAID_COLORS = "## State Colors\n\n| Variable      | Default value    | Description                                  |\n| ------------- | ---------------- | -------------------------------------------- |\n| labelColor    | primaryTextColor |                                              |\n| altBackground | tertiaryColor    | Used for background in deep composite states |\n\n## Class Colors\n\n| Variable  | Default value | Description                     |\n| --------- | ------------- | ------------------------------- |\n| classText | textColor     | Color of Text in class diagrams |\n\n## User Journey Colors\n\n| Variable  | Default value                  | Description                             |\n| --------- | ------------------------------ | --------------------------------------- |\n| fillType0 | primaryColor                   | Fill for 1st section in journey diagram |\n| fillType1 | secondaryColor                 | Fill for 2nd section in journey diagram |\n| fillType2 | calculated from primaryColor   | Fill for 3rd section in journey diagram |\n| fillType3 | calculated from secondaryColor | Fill for 4th section in journey diagram |\n| fillType4 | calculated from primaryColor   | Fill for 5th section in journey diagram |\n| fillType5 | calculated from secondaryColor | Fill for 6th section in journey diagram |\n| fillType6 | calculated from primaryColor   | Fill for 7th section in journey diagram |\n| fillType7 | calculated from secondaryColor | Fill for 8th section in journey diagram |\n"
