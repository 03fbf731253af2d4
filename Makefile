# Every target sets up what it needs: .venv from pyproject.toml, the MicroPython
# WebAssembly runtime from tools/mpy/package.json. Only python3 and node are assumed.
PY      := .venv/bin/python
VENV_OK := .venv/.installed
NODE_OK := tools/mpy/node_modules/.installed
PICO_OK := tools/pico/node_modules/.installed
ARGS    ?=
PORT    ?=
BOARD   ?= rpi_pico

.PHONY: setup sim test deploy bench soak clean pico-bench pico-soak

setup: $(VENV_OK) $(NODE_OK) $(PICO_OK)

$(VENV_OK): pyproject.toml
	python3 -m venv .venv
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $@

$(NODE_OK): tools/mpy/package.json
	cd tools/mpy && npm install --no-audit --no-fund --loglevel=error
	touch $@

# rp2040js, the RP2040 emulator of `make pico-bench`
$(PICO_OK): tools/pico/package.json
	cd tools/pico && npm install --no-audit --no-fund --loglevel=error
	touch $@

sim: setup
	$(PY) -m host_sim $(ARGS)

test: setup
	$(PY) -m pytest -n 2 --dist loadfile -q $(ARGS)

deploy: setup
	$(PY) -m tools deploy --board $(BOARD) $(if $(PORT),--port $(PORT))

bench: setup
	$(PY) -m tools bench $(ARGS)

soak: setup
	$(PY) -m tools soak $(ARGS)

# the real MicroPython image on an emulated RP2040 (docs/DEVELOPING.md: The emulated Pico)
FIRMWARE ?=
BOOTROM  ?=
FROZEN   ?=
pico-bench: setup
	$(PY) -m tools pico bench --firmware "$(FIRMWARE)" --bootrom "$(BOOTROM)" $(if $(FROZEN),--frozen) $(ARGS)

PRESSES ?= 10000
pico-soak: setup
	$(PY) -m tools pico soak --firmware "$(FIRMWARE)" --bootrom "$(BOOTROM)" $(if $(FROZEN),--frozen) --presses $(PRESSES) $(ARGS)

clean:
	rm -rf .venv tools/mpy/node_modules tools/pico/node_modules build
