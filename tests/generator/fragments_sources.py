"""Fragments of real documents (unchanged, test material for diagram sources the generator
cannot draw).

| name | repository | path | commit | licence |
|---|---|---|---|---|
| SLIDEV_DIAGRAMS | https://github.com/slidevjs/slidev | demo/starter/slides.md | dbc307b416d002d7d02ddb9742b9254427c5c299 | MIT |
"""

from __future__ import annotations

# A slide of four diagrams side by side: three Mermaid diagrams and a PlantUML one (no renderer).
SLIDEV_DIAGRAMS = '---\n\n# Diagrams\n\nYou can create diagrams / graphs from textual descriptions, directly in your Markdown.\n\n<div class="grid grid-cols-4 gap-5 pt-4 -mb-6">\n\n```mermaid {scale: 0.5, alt: \'A simple sequence diagram\'}\nsequenceDiagram\n    Alice->John: Hello John, how are you?\n    Note over Alice,John: A typical interaction\n```\n\n```mermaid {theme: \'neutral\', scale: 0.8}\ngraph TD\nB[Text] --> C{Decision}\nC -->|One| D[Result 1]\nC -->|Two| E[Result 2]\n```\n\n```mermaid\nmindmap\n  root((mindmap))\n    Origins\n      Long history\n      ::icon(fa fa-book)\n      Popularisation\n        British popular psychology author Tony Buzan\n    Research\n      On effectiveness<br/>and features\n      On Automatic creation\n        Uses\n            Creative techniques\n            Strategic planning\n            Argument mapping\n    Tools\n      Pen and paper\n      Mermaid\n```\n\n```plantuml {scale: 0.7}\n@startuml\n\npackage "Some Group" {\n  HTTP - [First Component]\n  [Another Component]\n}\n\nnode "Other Groups" {\n  FTP - [Second Component]\n  [First Component] --> FTP\n}\n\ncloud {\n  [Example 1]\n}\n\ndatabase "MySql" {\n  folder "This is my folder" {\n    [Folder 3]\n  }\n  frame "Foo" {\n    [Frame 4]\n  }\n}\n\n[Another Component] --> [Example 1]\n[Example 1] --> [Folder 3]\n[Folder 3] --> [Frame 4]\n\n@enduml\n```\n\n</div>\n\nLearn more: [Mermaid Diagrams](https://sli.dev/features/mermaid) and [PlantUML Diagrams](https://sli.dev/features/plantuml)\n\n'
