# fiorank: the analysis tool.  Included by the top-level Makefile.
# Everything but main.c goes into libfiorank.a, which the unit tests and the
# libFuzzer target link alone.

FR_SRCS      := json_get.c model.c model_docs.c model_problems.c model_step.c label.c group.c compact.c read_fio.c read_fio_keep.c jscan.c fastread_scan.c read_fio_fast.c slurp.c read_engine.c read_manifest.c read_ref.c inputs.c inputs_read.c rank.c \
                escape.c baseline.c baseline_cmp.c baseline_noise.c baseline_params.c baseline_runs.c baseline_out.c out_common.c out_text.c out_csv.c out_json.c out_md.c out_html.c svg.c \
                chart_axis.c chart_legend.c out_html_lat.c out_html_nn.c crosscheck.c report.c \
                out_html_dist.c out_cell.c
# latency over time from fio's own logs (issue 14)
FR_SRCS      += read_fio_log.c out_html_log.c
# which drive and which run (issue 13)
FR_SRCS      += provenance.c compare.c
# labels from what the jobs did (issue 21)
FR_SRCS      += workload.c ran.c
# drive health per step: verdict, WAF (issue 25)
FR_SRCS      += health.c health_step.c read_health.c out_health.c out_html_health.c
# a capped step's rate target and whether it was reached (issue 24)
FR_SRCS      += rate_target.c runinfo.c out_html_ss.c
# the SATA roundup's thread x queue-depth method (issue 15)
FR_SRCS      += pooled.c tq.c out_tq.c out_tq_html.c
# the SNIA PTS tests (issue 27): fiorank pts
FR_SRCS      += pts.c pts_build.c pts_fig.c pts_iops.c pts_out.c pts_html.c pts_svg.c pts_main.c
# Flexible Data Placement: per-PID tails, placed vs unplaced noisy neighbor (issue 26)
FR_SRCS      += placement.c fdp.c out_fdp.c
FR_OBJDIR    := $(BUILD)/obj/analysis
FR_OBJS      := $(addprefix $(FR_OBJDIR)/,$(FR_SRCS:.c=.o))
FR_LIB       := $(FR_OBJDIR)/libfiorank.a
FR_CFLAGS    := $(BASE_CFLAGS) $(JSONC_CFLAGS) -Ianalysis -pthread
FR_DEFS      := -DFIORANK_SRC_TOP='"$(TOP)"' \
                -DFIORANK_REFDIR='"$(PREFIX)/share/ssdnvme/reference"'
FR_TESTS     := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_analysis_*.c))

.PHONY: fuzz-analysis
analysis: $(BUILD)/fiorank
UNIT_TESTS += $(FR_TESTS)

$(FR_OBJDIR)/%.o: analysis/%.c | $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(FR_CFLAGS) -MMD -MP -c -o $@ $<

$(FR_OBJDIR)/main.o $(FR_OBJDIR)/main_cli.o: $(FR_OBJDIR)/%.o: analysis/%.c $(BUILD)/.prefix $(BUILD)/version.h | $(BUILD)/.dir
	$(CC) $(FR_CFLAGS) $(FR_DEFS) -I$(BUILD) -MMD -MP -c -o $@ $<

$(FR_LIB): $(FR_OBJS)
	rm -f $@ && ar rcs $@ $^

# alloc_conf.c: jemalloc's options, for the binary alone
$(BUILD)/fiorank: $(FR_OBJDIR)/main.o $(FR_OBJDIR)/main_cli.o $(FR_OBJDIR)/alloc_conf.o $(FR_LIB)
	$(CC) $(BASE_LDFLAGS) -o $@ $^ $(MALLOC_LIBS) $(JSONC_LIBS) -lm -pthread

$(BUILD)/tests/test_analysis_%: tests/unit/test_analysis_%.c $(FR_LIB) | $(BUILD)/.dir
	$(CC) $(FR_CFLAGS) -DFIORANK_SRC_TOP='"$(TOP)"' -o $@ $< $(FR_LIB) $(JSONC_LIBS) $(CMOCKA_LIBS) -lm -pthread

# libFuzzer target for the input reader (clang only; built on demand by
# tests/script/analysis-fuzz.sh).  Always instrumented with ASan+UBSan.
FUZZ_CC      ?= clang
$(BUILD)/fuzz_fiorank: tests/fuzz/fuzz_read_fio.c $(addprefix analysis/,$(FR_SRCS)) | $(BUILD)/.dir
	$(FUZZ_CC) -std=gnu11 -g -O1 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined $(JSONC_CFLAGS) -Ianalysis -o $@ \
		tests/fuzz/fuzz_read_fio.c $(addprefix analysis/,$(FR_SRCS)) $(JSONC_LIBS) -lm -pthread

fuzz-analysis: $(BUILD)/fuzz_fiorank

-include $(FR_OBJS:.o=.d) $(FR_OBJDIR)/main.d $(FR_OBJDIR)/alloc_conf.d
