"""Fragments of real documents (unchanged, test material for what a deck over its slide budget
shows once and which short parts stay on its slides).

| name | repository | path | commit | licence |
|---|---|---|---|---|
| FD_UBUNTU_DEBIAN | https://github.com/sharkdp/fd | README.md | ee20f426ddf338ac7ead5c5f00ea49258005caaf | MIT OR Apache-2.0 |
| RICH_INSTALLING | https://github.com/Textualize/rich | README.md | 42899d8a0a96b121a514516f4be9db44ff7aeaf3 | MIT |
| FD_MAINTAINERS | https://github.com/sharkdp/fd | README.md | ee20f426ddf338ac7ead5c5f00ea49258005caaf | MIT OR Apache-2.0 |
| BAT_UBUNTU_APT | https://github.com/sharkdp/bat | README.md | 2ba8db9c14e5794572f5ea338c2b90404c9769cb | MIT OR Apache-2.0 |
"""

from __future__ import annotations

# Two install routes that end with the same paragraph (the binary is called fdfind, add a link).
FD_UBUNTU_DEBIAN = "### On Ubuntu\n*... and other Debian-based Linux distributions.*\n\nIf you run Ubuntu 19.04 (Disco Dingo) or newer, you can install the\n[officially maintained package](https://packages.ubuntu.com/fd-find):\n```\napt install fd-find\n```\nNote that the binary is called `fdfind` as the binary name `fd` is already used by another package.\nIt is recommended that after installation, you add a link to `fd` by executing command\n`ln -s $(which fdfind) ~/.local/bin/fd`, in order to use `fd` in the same way as in this documentation.\nMake sure that `$HOME/.local/bin` is in your `$PATH`.\n\nIf you use an older version of Ubuntu, you can download the latest `.deb` package from the\n[release page](https://github.com/sharkdp/fd/releases) and install it via:\n``` bash\ndpkg -i fd_9.0.0_amd64.deb # adapt version number and architecture\n```\n\nNote that the .deb packages on the release page for this project still name the executable `fd`.\n\n### On Debian\n\nIf you run Debian Buster or newer, you can install the\n[officially maintained Debian package](https://tracker.debian.org/pkg/rust-fd-find):\n```\napt-get install fd-find\n```\nNote that the binary is called `fdfind` as the binary name `fd` is already used by another package.\nIt is recommended that after installation, you add a link to `fd` by executing command\n`ln -s $(which fdfind) ~/.local/bin/fd`, in order to use `fd` in the same way as in this documentation.\nMake sure that `$HOME/.local/bin` is in your `$PATH`.\n\nNote that the .deb packages on the release page for this project still name the executable `fd`.\n\n"

# A chapter of one install command (and one to try it).
RICH_INSTALLING = "## Installing\n\nInstall with `pip` or your favorite PyPI package manager.\n\n```sh\npython -m pip install rich\n```\n\nRun the following to test Rich output on your terminal:\n\n```sh\npython -m rich\n```\n\n"

# A list of names (not a command).
FD_MAINTAINERS = "## Maintainers\n\n- [sharkdp](https://github.com/sharkdp)\n- [tmccombs](https://github.com/tmccombs)\n- [tavianator](https://github.com/tavianator)\n"

# An install route whose title a line continues ("... and other Debian-based"), then the
# sentence naming the versions a later "new enough" refers to.
BAT_UBUNTU_APT = '### On Ubuntu (using `apt`)\n*... and other Debian-based Linux distributions.*\n\n`bat` is available on [Ubuntu since 20.04 ("Focal")](https://packages.ubuntu.com/search?keywords=bat&exact=1) and [Debian since August 2021 (Debian 11 - "Bullseye")](https://packages.debian.org/bullseye/bat).\n\nIf your Ubuntu/Debian installation is new enough you can simply run:\n\n```bash\nsudo apt install bat\n```\n\n**Important**: On some older Ubuntu/Debian releases, the executable is installed as `batcat` instead of `bat` (due to [a name\nclash with another package](https://github.com/sharkdp/bat/issues/982)). On newer releases, the executable is available as `bat`. If `bat --version` does not work after installation, try `batcat --version` instead. You can set up a `bat -> batcat` symlink or alias to prevent any issues that may come up because of this and to be consistent with other distributions:\n``` bash\nmkdir -p ~/.local/bin\nln -s /usr/bin/batcat ~/.local/bin/bat\n```\n\nan example alias for `batcat` as `bat`:\n```bash\nalias bat="batcat"\n```\n\n'
