# fiorank: the analysis tool.  Included by the top-level Makefile.
# Everything but main.c goes into libfiorank.a, which the unit tests and the
# libFuzzer target link alone.

FR_SRCS      := util/json_get.c model/model.c model/model_merge.c model/model_docs.c model/model_problems.c model/model_grow.c model/model_step.c model/label.c model/jobopts.c model/group.c read/compact.c read/read_fio.c read/read_fio_dirs.c read/read_fio_keep.c read/read_fio_globals.c read/jscan.c read/fastread_scan.c read/read_fio_fast.c read/read_fio_opts.c util/slurp.c util/cpus.c read/read_engine.c read/read_manifest.c read/read_ref.c read/ref_model.c read/inputs.c read/inputs_read.c rank/rank.c rank/rank_nn.c \
                util/escape.c util/fixed.c gate/baseline.c gate/baseline_cmp.c gate/baseline_noise.c gate/baseline_params.c gate/baseline_runs.c gate/baseline_verdict.c out/baseline_out.c out/out_common.c out/out_text.c out/out_csv.c out/out_json.c out/out_md.c out/out_html.c chart/svg.c \
                chart/chart_axis.c chart/chart_legend.c out/out_html_lat.c out/out_html_nn.c report/crosscheck.c report/report.c report/report_peak.c report/report_prov.c read/read_kept.c \
                out/out_html_dist.c out/out_cell.c out/out_html_toc.c
# one ops table per format, one driver over the sections (issue 38)
FR_SRCS      += out/out_walk.c report/report_unused.c out/out_text_rank.c out/out_text_line.c out/out_csv_row.c out/out_csv_rank.c out/out_json_val.c out/out_json_rank.c out/out_html_rank.c out/out_json_sect.c out/out_text_sect.c out/out_md_sect.c out/out_json_health.c
# latency over time from fio's own logs (issue 14)
FR_SRCS      += read/read_fio_log.c out/out_html_log.c
# which drive and which run (issue 13)
FR_SRCS      += read/provenance.c read/prov_manifest.c read/prov_identity.c read/prov_run.c read/prov_relabel.c read/prov_list.c rank/compare.c
# labels from what the jobs did (issue 21)
FR_SRCS      += model/workload.c model/ran.c
# drive health per step: verdict, WAF (issue 25)
FR_SRCS      += model/health.c model/health_step.c read/read_health.c out/out_html_health.c
# a capped step's rate target and whether it was reached (issue 24)
FR_SRCS      += model/rate_target.c report/runinfo.c out/out_html_ss.c
# the SATA roundup's thread x queue-depth method (issue 15)
FR_SRCS      += model/pooled.c rank/tq.c out/out_csv_tq.c out/out_tq_html.c
# the AI methods: checkpoint bursts and KV-cache reads (issue 41 items 2, 3)
FR_SRCS      += read/read_ai.c report/ai.c report/ai_job.c report/ai_ckpt.c report/ai_kv.c out/out_ai.c
# the SNIA PTS tests (issue 27): fiorank pts
FR_SRCS      += read/json_bins.c read/pts.c report/pts_build.c report/pts_header.c report/pts_fig.c report/pts_rank.c report/pts_iops.c report/pts_lat.c report/pts_ss.c report/pts_tails.c out/pts_out.c out/pts_json.c out/pts_html.c out/pts_svg.c chart/chart_plot.c cli/pts_main.c
# Flexible Data Placement: per-PID tails, placed vs unplaced noisy neighbor (issue 26)
FR_SRCS      += read/placement.c report/fdp.c out/out_fdp.c
# runs on many hosts: per-host drives, the exact fleet row, the spread (issue 39)
FR_SRCS      += model/hist.c model/clients.c read/read_clients.c report/fleet.c report/fleet_dir.c report/fleet_read.c report/fleet_stats.c \
                out/out_fleet.c out/out_fleet_json.c
# the Copy method: its runs kept apart from the ranking, its section (issue 41)
FR_SRCS      += model/copy.c read/read_copy.c read/read_whole.c out/out_copy.c out/out_html_copy.c
# the report stage's health rows and baseline rows (issue 24)
FR_SRCS      += report/report_health.c report/report_baseline.c
# the sections shown, their charts' scales and the steady-state fit,
# decided in the report stage, not the renderers (issue 24 item 1)
FR_SRCS      += util/logscale.c report/report_sect.c report/report_ss.c
# the endurance method's section (issue 41 item 1)
FR_SRCS      += report/endurance.c out/out_html_endurance.c
# the CSV report's rows built in memory, one write a row
FR_SRCS      += out/csv_line.c
# why the tail: the tag logs' slow I/Os against the median ones (issue 40)
FR_SRCS      += util/appendf.c report/tailwhy.c report/tailwhy_read.c report/tailwhy_attr.c report/tailwhy_stat.c out/out_html_tailwhy.c
FR_OBJDIR    := $(BUILD)/obj/analysis
FR_OBJS      := $(addprefix $(FR_OBJDIR)/,$(FR_SRCS:.c=.o))
# the engine's tag log reader (pure C, engine/tags/taglog.h) for the tag logs
FR_OBJS      += $(FR_OBJDIR)/engine/taglog.o
FR_LIB       := $(FR_OBJDIR)/libfiorank.a
FR_CFLAGS    := $(BASE_CFLAGS) $(JSONC_CFLAGS) -Ianalysis -Iengine/tags -pthread
FR_DEFS      := -DFIORANK_SRC_TOP='"$(TOP)"' \
                -DFIORANK_REFDIR='"$(PREFIX)/share/ssdnvme/reference"'
FR_TESTS     := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_analysis_*.c))

.PHONY: fuzz-analysis
analysis: $(BUILD)/fiorank
UNIT_TESTS += $(FR_TESTS)

$(FR_OBJDIR)/%.o: analysis/%.c | $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(FR_CFLAGS) -MMD -MP -c -o $@ $<

$(FR_OBJDIR)/engine/taglog.o: engine/tags/taglog.c | $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(FR_CFLAGS) -MMD -MP -c -o $@ $<

$(FR_OBJDIR)/main.o $(FR_OBJDIR)/cli/main_cli.o: $(FR_OBJDIR)/%.o: analysis/%.c $(BUILD)/.prefix $(BUILD)/version.h | $(BUILD)/.dir
	@mkdir -p $(@D)
	$(CC) $(FR_CFLAGS) $(FR_DEFS) -I$(BUILD) -MMD -MP -c -o $@ $<

$(FR_LIB): $(FR_OBJS)
	rm -f $@ && ar rcs $@ $^

# util/alloc_conf.c: jemalloc's options, for the binary alone
$(BUILD)/fiorank: $(FR_OBJDIR)/main.o $(FR_OBJDIR)/cli/main_cli.o $(FR_OBJDIR)/util/alloc_conf.o $(FR_LIB)
	$(CC) $(BASE_LDFLAGS) -o $@ $^ $(MALLOC_LIBS) $(JSONC_LIBS) -lm -pthread

$(BUILD)/tests/test_analysis_%: tests/unit/test_analysis_%.c $(FR_LIB) | $(BUILD)/.dir
	$(CC) $(FR_CFLAGS) -DFIORANK_SRC_TOP='"$(TOP)"' -o $@ $< $(FR_LIB) $(JSONC_LIBS) $(CMOCKA_LIBS) -lm -pthread

# libFuzzer target for the input reader (clang only; built on demand by
# tests/script/analysis-fuzz.sh).  Always instrumented with ASan+UBSan.
FUZZ_CC      ?= clang
$(BUILD)/fuzz_fiorank: tests/fuzz/fuzz_read_fio.c $(addprefix analysis/,$(FR_SRCS)) engine/tags/taglog.c | $(BUILD)/.dir
	$(FUZZ_CC) -std=gnu11 -g -O1 -D_GNU_SOURCE -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=undefined $(JSONC_CFLAGS) -Ianalysis -Iengine/tags -o $@ \
		tests/fuzz/fuzz_read_fio.c $(addprefix analysis/,$(FR_SRCS)) engine/tags/taglog.c \
		$(JSONC_LIBS) -lm -pthread

fuzz-analysis: $(BUILD)/fuzz_fiorank

-include $(FR_OBJS:.o=.d) $(FR_OBJDIR)/main.d $(FR_OBJDIR)/util/alloc_conf.d
