"""Markdown that makes every content layout once (shared by the template and composition tests)."""

from __future__ import annotations

import base64
import io
from functools import lru_cache


@lru_cache(maxsize=4)
def picture(color: str, width: int = 480, height: int = 320) -> str:
    """A small PNG as a data: URI (a chart-like picture)."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (width, height), "#dbe7f3")
    draw = ImageDraw.Draw(img)
    draw.rectangle((40, height // 2, 120, height - 20), fill=color)
    draw.rectangle((180, height // 3, 260, height - 20), fill="#f28c28")
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def every_layout() -> str:
    one, two, three = picture("#1f3a5f"), picture("#2f6f4f"), picture("#8e2c48")
    steps = "\n".join(f"- Step {i}: a task of the plan with an owner and a date" for i in range(30))
    return f"""# Product Strategy 2026 主题
Growth, quality and the road ahead
## Where we are
### Highlights of the year
- Revenue up **18%** year over year
- New customers: 240, churn down to *2.1%*
  - Services margin improved
  - Hardware margin flat
### In numbers
- **85%** of customers renewed their contracts
- **3x** faster onboarding than last year
- **$2.4M** saved in infrastructure costs
### Renewal rate
**85%** of customers renewed their contracts this quarter.
- Enterprise renewals at a record level
### Milestones
- 2021: Company founded in Berlin
- 2022: First thousand customers
- 2023: Series A and the Asian office
- 2024: Platform rebuilt on open standards
### Why customers choose us
- **Fast**: every page answers in under 100 ms
- **Safe**: data encrypted at rest and in transit
- **Open**: standard formats, no lock-in
### Cloud or on premises
| | Cloud | On premises |
|---|---|---|
| Setup | Minutes | Weeks |
| Cost | Monthly fee | Licence and hardware |
| Updates | Automatic | Manual |
### Revenue by region
| Region | Revenue | Growth | Share | Customers |
|---|--:|--:|--:|--:|
| North America | $12.4M | 14% | 44% | 120 |
| Europe | $8.1M | 21% | 29% | 80 |
## Where we go
### Three priorities
#### Product
Ship the analytics suite.
#### Sales
Grow the partner channel.
### Two programmes
#### Platform
Rebuild the data platform on open standards so that every team can ship reports without waiting for a central group, and retire three legacy systems by summer.
#### Service
Answer every support request within four hours and publish the figures every week so that customers see the progress we make on our promises.
### Voice of the customer
> The new dashboard saved our team hours every week.
### Calling the API
Every request carries the account key; answers are JSON.
```python
def fetch(key: str) -> dict:
    # 中文注释: 请求数据
    return get(key).json()
```
### Install with npm
```
npm install example
```
### Install with pip
```
pip install example
```
### The full plan
{steps}
## Pictures
### Sales by quarter
![Quarterly sales]({one})
Sales grew in every quarter.
### Three sites
![Berlin]({one})
![Lisbon]({two})
![Osaka]({three})
### The new office
![Office plan]({two})
The new office opens in spring with room for eighty people, a workshop for the hardware team and a
hall for customer events. Every floor has quiet rooms and a kitchen.
- Move in April
- Open house in May
## 中文章节
### 市场概况
- 中国市场持续增长
- 客户满意度显著提升
- 渠道合作伙伴数量翻倍
### 下一步
- 扩大渠道
- 提升效率
"""


LAYOUTS = {
    "bullets",
    "cards",
    "columns",
    "numbers",
    "key-number",
    "timeline",
    "comparison",
    "table",
    "quote",
    "code",
    "steps",
    "image-full",
    "image-grid",
    "image-text",
}
