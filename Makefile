# The commands of the README:
#   make serve   set everything up, then build and serve the site at http://127.0.0.1:8000 (authors:
#                live reload, no service worker)
#   make preview build the site and serve it as a real static host would (gzip, cache headers, the
#                service worker: what a reader gets, offline included) at http://127.0.0.1:$(PREVIEW_PORT)
#   make test    set everything up (Chromium included), then run the whole test suite
#   make bench   run the benchmarks (BENCH="name ..." for some) and write docs/desarrollo/rendimiento*.md
#   make fuzz    fuzz the protocol, the author formats, PHH, the request queue and hostile progress files for
#                longer (FUZZ_EXAMPLES=2000 by default), and time a long replay against a short one
SHELL := /bin/bash
export NO_MKDOCS_2_WARNING := 1
VENV := .venv/bin

.PHONY: serve preview test setup build bench check fuzz clean

serve: setup
	$(VENV)/mkdocs serve -a 127.0.0.1:8000

PREVIEW_PORT ?= 8000
preview: setup
	SITE_URL=http://127.0.0.1:$(PREVIEW_PORT)/ $(VENV)/mkdocs build --strict -q
	$(VENV)/python scripts/preview.py site --port $(PREVIEW_PORT)

test:
	bash scripts/setup.sh --browser
	$(VENV)/python -m pytest

setup:
	bash scripts/setup.sh

build: setup
	$(VENV)/mkdocs build --strict

check: setup
	$(VENV)/python -m engine check

# All the benchmarks, or those named in BENCH (make bench BENCH="evaluation phh"); writes their figures to
# docs/desarrollo/rendimiento.md (the engine) and rendimiento-navegador.md (Chromium), marking those not run.
bench: setup
	$(VENV)/python benchmarks/run_all.py $(BENCH)

# Longer fuzzing than the test suite's (FUZZ_EXAMPLES examples per test, heavy commands included, PHH
# texts with dotted keys, deep nesting and huge integers; «Ver hasta el final» of a long hand timed
# against a short one, as a ratio;
# FUZZ_EXAMPLES random Hold'em hands checked against PokerKit and FUZZ_EXAMPLES random bot-vs-bot
# hands checked for legal decisions, FUZZ_EXAMPLES/10 Hold'em free tables played hand after hand;
# 5×FUZZ_EXAMPLES random Mata Ases hands checked after every decision and FUZZ_EXAMPLES played by its bots; the
# browser client's request queue against a simulated worker, one schedule more per 100 examples; FUZZ_EXAMPLES
# hostile progress files, mutated copies of both formats, against «Cargar una copia»'s reader).
FUZZ_EXAMPLES ?= 2000
fuzz: setup
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(VENV)/python -m pytest -q tests/test_fuzz_protocol.py tests/test_fuzz_authors.py \
		tests/engine/games/holdem/test_holdem_oracle.py tests/engine/games/holdem/test_holdem_mesa.py \
		tests/engine/play/test_replay_long.py \
		tests/engine/games/mata_ases/test_mata_ases_hand_random.py::test_random_hands_keep_the_books_straight \
		tests/engine/games/mata_ases/test_mata_ases_bot_random.py::test_bots_play_complete_hands_and_their_styles_differ \
		tests/engine/games/holdem/test_holdem_bot.py::test_random_bot_hands_are_legal_and_never_fold_a_free_check
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) node --test tests/js/request_queue.test.mjs tests/js/progress_copy_fuzz.test.mjs

clean:
	rm -rf site .cache .pytest_cache
