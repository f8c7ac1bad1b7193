# Two commands on a fresh machine: `make run` and `make test`. Both are idempotent.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test setup system-deps lint clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]' --config-settings editable_mode=compat
	touch $(STAMP)

setup: $(STAMP)

# System packages the browser tests need (Debian's chromium). Skipped when present.
system-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian chromium (for the side-screen browser tests)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null; }

run: $(STAMP)
	$(VENV)/bin/tiengow demo

lint: $(STAMP)
	$(VENV)/bin/ruff check .

test: $(STAMP) system-deps
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest -q -p no:cacheprovider -n auto --dist loadfile

clean:
	rm -rf $(VENV) build *.egg-info
