"""Fragments of real documents (unchanged, test material for what a deck over its slide budget
keeps on its slides and what a summary keeps of a page).

| name | repository | path | commit | licence |
|---|---|---|---|---|
| FD_BENCHMARK | https://github.com/sharkdp/fd | README.md | ee20f426ddf338ac7ead5c5f00ea49258005caaf | MIT OR Apache-2.0 |
| BAT_STDIN | https://github.com/sharkdp/bat | README.md | 2ba8db9c14e5794572f5ea338c2b90404c9769cb | MIT OR Apache-2.0 |
"""

from __future__ import annotations

# The "Benchmark" section: three timings, then the paragraph that states the result.
FD_BENCHMARK = "## Benchmark\n\nLet's search my home folder for files that end in `[0-9].jpg`. It contains ~750,000\nsubdirectories and about a 4 million files. For averaging and statistical analysis, I'm using\n[hyperfine](https://github.com/sharkdp/hyperfine). The following benchmarks are performed\nwith a \"warm\"/pre-filled disk-cache (results for a \"cold\" disk-cache show the same trends).\n\nLet's start with `find`:\n```\nBenchmark 1: find ~ -iregex '.*[0-9]\\.jpg$'\n  Time (mean ± σ):     19.922 s ±  0.109 s\n  Range (min … max):   19.765 s … 20.065 s\n```\n\n`find` is much faster if it does not need to perform a regular-expression search:\n```\nBenchmark 2: find ~ -iname '*[0-9].jpg'\n  Time (mean ± σ):     11.226 s ±  0.104 s\n  Range (min … max):   11.119 s … 11.466 s\n```\n\nNow let's try the same for `fd`. Note that `fd` performs a regular expression\nsearch by default. The options `-u`/`--unrestricted` option is needed here for\na fair comparison. Otherwise `fd` does not have to traverse hidden folders and\nignored paths (see below):\n```\nBenchmark 3: fd -u '[0-9]\\.jpg$' ~\n  Time (mean ± σ):     854.8 ms ±  10.0 ms\n  Range (min … max):   839.2 ms … 868.9 ms\n```\nFor this particular example, `fd` is approximately **23 times faster** than `find -iregex`\nand about **13 times faster** than `find -iname`. By the way, both tools found the exact\nsame 546 files :smile:.\n\n**Note**: This is *one particular* benchmark on *one particular* machine. While we have\nperformed a lot of different tests (and found consistent results), things might\nbe different for you! We encourage everyone to try it out on their own. See\n[this repository](https://github.com/sharkdp/fd-benchmarks) for all necessary scripts.\n\nConcerning *fd*'s speed, a lot of credit goes to the `regex` and `ignore` crates that are\nalso used in [ripgrep](https://github.com/BurntSushi/ripgrep) (check it out!).\n\n"

# The first usage examples, each a label over a command; one label carries an aside.
BAT_STDIN = "### How to use\n\nDisplay a single file on the terminal\n\n```bash\nbat README.md\n```\n\nDisplay multiple files at once\n\n```bash\nbat src/*.rs\n```\n\nRead from stdin, determine the syntax automatically (note, highlighting will\nonly work if the syntax can be determined from the first line of the file,\nusually through a shebang such as `#!/bin/sh`)\n\n```bash\ncurl -s https://sh.rustup.rs | bat\n```\n\nRead from stdin, specify the language explicitly\n\n```bash\nyaml2json .travis.yml | json_pp | bat -l json\n```\n\n"
