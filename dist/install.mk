# acpitrace — install, uninstall and the Debian package (included by the
# top-level Makefile).
#
#   make install [PREFIX=/usr/local] [DESTDIR=]   install the built $(OUT)/acpitrace
#   make uninstall [PREFIX=...] [DESTDIR=]        remove exactly what install put
#   make deb                                      dpkg-buildpackage -us -uc -b; the
#                                                 .deb and its .changes go to $(OUT)/
#
# Layout (PREFIX=/usr, as the package installs it):
#   /usr/sbin/acpitrace
#   /usr/share/acpitrace/policy.d/*.policy        shipped policies loaded by default
#   /usr/share/acpitrace/policy.available/*.policy the other shipped policies: the
#                                                 keymaps of vendor drivers, enabled
#                                                 by a link in /etc/acpitrace/policy.d
#   /etc/acpitrace/policy.d/README                local policies; a file of the same
#                                                 name overrides, a symlink to
#                                                 /dev/null masks a shipped one
#   /lib/systemd/system/acpitrace.service         (SYSTEMDUNITDIR: systemd.pc's
#                                                 systemdsystemunitdir when PREFIX is
#                                                 its prefix, else PREFIX/lib/systemd/system)
#   /usr/share/man/man8/acpitrace.8.gz, man5/acpitrace.policy.5.gz
#   /usr/share/bash-completion/completions/acpitrace
#   /usr/share/acpitrace/prometheus/acpitrace.rules.yml  the fleet kit: alerting rules
#   /usr/share/acpitrace/grafana/acpitrace.json          and the Grafana dashboard
#   /usr/share/acpitrace/runbook.md                      what to do per alert (also
#                                                        served at the exporter's /runbook)
# Everything goes under $(DESTDIR); nothing is enabled or started here.
#
# SYSCONFDIR and DATADIR are compiled into the program (the policy
# directories it reads), so build and install with the same PREFIX:
# `make PREFIX=/opt/x && make install PREFIX=/opt/x`.  A change of them
# rebuilds the objects that use them ($(OUT)/install-dirs remembers the last).

OUT            ?= build
PREFIX         ?= /usr/local
SBINDIR        ?= $(PREFIX)/sbin
DATADIR        ?= $(PREFIX)/share
SYSCONFDIR     ?= /etc
MANDIR         ?= $(DATADIR)/man
# systemd's own answer (pkg-config, from systemd.pc: package systemd on Debian
# 12, systemd-dev later) when installing into its prefix; a unit under
# another PREFIX stays there.
SD_PREFIX       = $(call lazy,SD_PREFIX,pkg-config --variable=prefix systemd 2>/dev/null)
SD_UNITDIR      = $(call lazy,SD_UNITDIR,pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null)
SYSTEMDUNITDIR ?= $(or $(if $(filter $(SD_PREFIX),$(PREFIX)),$(SD_UNITDIR)),$(PREFIX)/lib/systemd/system)
BASHCOMPDIR    ?= $(DATADIR)/bash-completion/completions
INSTALL        ?= install
# key and switch names for the bash completion (those libevdev knows)
INPUT_CODES_H  ?= /usr/include/linux/input-event-codes.h

# Loaded by default.  The rest mirror vendor drivers' keymaps (docs/parity.md
# "Driver parity"): where that driver is bound it reports the keys itself,
# so a default would double them (intel-vbtn matches a HID found on many
# 2-in-1s; thinkpad-hkey: the driver's keys are hotkey numbers, so run cannot
# skip the codes it reports); a user enables one with a link.
INST_DEFAULT   := acpi-video.policy asus-wmi.policy dell-wmi.policy
INST_POLICIES  := $(filter $(INST_DEFAULT),$(notdir $(wildcard policy/*.policy)))
INST_OPTIN     := $(filter-out $(INST_DEFAULT),$(notdir $(wildcard policy/*.policy)))
INST_SHIPPED   := $(DATADIR)/acpitrace/policy.d
INST_AVAIL     := $(DATADIR)/acpitrace/policy.available
INST_LOCAL     := $(SYSCONFDIR)/acpitrace/policy.d
INST_KIT       := prometheus/acpitrace.rules.yml grafana/acpitrace.json

.PHONY: install uninstall deb FORCE

# --- The install's directories, compiled in (user/policy/policy.h) ----------
CPPFLAGS_ALL += -DACPITRACE_SYSCONFDIR='"$(SYSCONFDIR)"' -DACPITRACE_DATADIR='"$(DATADIR)"'
# Rewritten only when the values change: the files that use them (found by
# name, so a move needs no edit here) rebuild then, and only then.
INSTALL_DIRS_USERS := $(shell grep -l -e 'ACPITRACE_SYSCONFDIR' -e 'ACPITRACE_DATADIR' -e 'POLICY_DIR_' \
			user/*/*.c 2>/dev/null)
$(patsubst %.c,$(OUT)/%.o,$(INSTALL_DIRS_USERS)) \
$(patsubst %.c,$(OUT)/fuzz/%.o,$(filter $(FUZZ_SRCS),$(INSTALL_DIRS_USERS))): $(OUT)/install-dirs
$(OUT)/install-dirs: FORCE
	@mkdir -p $(@D)
	@printf 'SYSCONFDIR=%s\nDATADIR=%s\n' '$(SYSCONFDIR)' '$(DATADIR)' | cmp -s - $@ || \
		printf 'SYSCONFDIR=%s\nDATADIR=%s\n' '$(SYSCONFDIR)' '$(DATADIR)' > $@

install: $(OUT)/acpitrace
	$(INSTALL) -d $(DESTDIR)$(SBINDIR) $(DESTDIR)$(INST_SHIPPED) $(DESTDIR)$(INST_LOCAL) \
		$(DESTDIR)$(INST_AVAIL) $(DESTDIR)$(DATADIR)/acpitrace/prometheus \
		$(DESTDIR)$(DATADIR)/acpitrace/grafana \
		$(DESTDIR)$(SYSTEMDUNITDIR) $(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(BASHCOMPDIR)
	$(INSTALL) -m 0755 $(OUT)/acpitrace $(DESTDIR)$(SBINDIR)/acpitrace
	$(INSTALL) -m 0644 $(addprefix policy/,$(INST_POLICIES)) $(DESTDIR)$(INST_SHIPPED)/
	$(INSTALL) -m 0644 $(addprefix policy/,$(INST_OPTIN)) $(DESTDIR)$(INST_AVAIL)/
	$(INSTALL) -m 0644 dist/policy.d-README $(DESTDIR)$(INST_LOCAL)/README
	for f in $(INST_KIT); do $(INSTALL) -m 0644 dist/$$f $(DESTDIR)$(DATADIR)/acpitrace/$$f || exit 1; done
	$(INSTALL) -m 0644 docs/runbook.md $(DESTDIR)$(DATADIR)/acpitrace/runbook.md
	sed 's|/usr/sbin/acpitrace|$(SBINDIR)/acpitrace|' dist/acpitrace.service \
		> $(DESTDIR)$(SYSTEMDUNITDIR)/acpitrace.service
	chmod 0644 $(DESTDIR)$(SYSTEMDUNITDIR)/acpitrace.service
	gzip -9n < dist/man/acpitrace.8 > $(DESTDIR)$(MANDIR)/man8/acpitrace.8.gz
	gzip -9n < dist/man/acpitrace.policy.5 > $(DESTDIR)$(MANDIR)/man5/acpitrace.policy.5.gz
	chmod 0644 $(DESTDIR)$(MANDIR)/man8/acpitrace.8.gz $(DESTDIR)$(MANDIR)/man5/acpitrace.policy.5.gz
	names=$$(sed -n 's/^#define[[:space:]]\{1,\}\(\(KEY\|BTN\|SW\)_[A-Z0-9_]*\)[[:space:]].*/\1/p' \
		$(INPUT_CODES_H) 2>/dev/null | grep -v -e '_MAX$$' -e '_CNT$$' -e '^SW_RFKILL_ALL$$' | \
		sort -u | tr '\n' ' '); \
	sed "s/^_acpitrace_key_names=''$$/_acpitrace_key_names='$${names% }'/" dist/completion/acpitrace \
		> $(DESTDIR)$(BASHCOMPDIR)/acpitrace
	chmod 0644 $(DESTDIR)$(BASHCOMPDIR)/acpitrace

# Files first, then the folders acpitrace alone owns, only when empty: local
# policies in $(SYSCONFDIR)/acpitrace/policy.d survive an uninstall.
uninstall:
	rm -f $(DESTDIR)$(SBINDIR)/acpitrace \
		$(addprefix $(DESTDIR)$(INST_SHIPPED)/,$(INST_POLICIES)) \
		$(addprefix $(DESTDIR)$(INST_AVAIL)/,$(INST_OPTIN)) \
		$(DESTDIR)$(INST_LOCAL)/README \
		$(addprefix $(DESTDIR)$(DATADIR)/acpitrace/,$(INST_KIT)) \
		$(DESTDIR)$(DATADIR)/acpitrace/runbook.md \
		$(DESTDIR)$(SYSTEMDUNITDIR)/acpitrace.service \
		$(DESTDIR)$(MANDIR)/man8/acpitrace.8.gz \
		$(DESTDIR)$(MANDIR)/man5/acpitrace.policy.5.gz \
		$(DESTDIR)$(BASHCOMPDIR)/acpitrace
	rmdir $(DESTDIR)$(INST_SHIPPED) $(DESTDIR)$(INST_AVAIL) $(DESTDIR)$(DATADIR)/acpitrace/prometheus \
		$(DESTDIR)$(DATADIR)/acpitrace/grafana $(DESTDIR)$(DATADIR)/acpitrace \
		$(DESTDIR)$(INST_LOCAL) $(DESTDIR)$(SYSCONFDIR)/acpitrace 2>/dev/null || true

# dpkg-buildpackage writes into the parent folder of the source tree; the
# results are moved into $(OUT)/ at once.  The package builds in debian/build,
# so this neither uses nor cleans $(OUT)/.  DEB_BUILD_OPTIONS=nocheck skips
# make check.
DEB_VERSION = $(shell dpkg-parsechangelog -S Version)
DEB_ARCH    = $(shell dpkg-architecture -qDEB_HOST_ARCH)

deb:
	mkdir -p $(OUT)
	dpkg-buildpackage -us -uc -b
	for f in acpitrace_$(DEB_VERSION)_$(DEB_ARCH).deb acpitrace-dbgsym_$(DEB_VERSION)_$(DEB_ARCH).deb \
		 acpitrace_$(DEB_VERSION)_$(DEB_ARCH).buildinfo acpitrace_$(DEB_VERSION)_$(DEB_ARCH).changes; do \
		if [ -e ../$$f ]; then mv -f ../$$f $(OUT)/ || exit 1; fi; \
	done
	@echo "$(OUT)/acpitrace_$(DEB_VERSION)_$(DEB_ARCH).deb"
