#!/bin/bash
# tests/host/options.sh ACPITRACE MANPAGE COMPLETION: the command line has
# one source of truth, the option tables (user/lib/opt.h), and
# `acpitrace help --options` prints every long option of every command from
# them.  Each listed (not hidden) option must be in the command's --help,
# on an .It line of the man page's section for it (or of a shared section
# the command takes: Global options, Filters, Storm options), and among the
# bash completion's offers for `acpitrace COMMAND --`; neither the man page
# nor the completion may offer an option the command does not have.  The
# event sources of trace -s must agree between the parser (its refusal),
# trace --help, the man page and the completion.
set -uo pipefail
bin=$(readlink -f "$1")
man=$2
comp=$3
failed=0
fail() {
	echo "FAIL options: $*"
	failed=1
}

all=$("$bin" help --options) || { echo "FAIL options: acpitrace help --options"; exit 1; }
commands=$(awk 'NF == 2 && $1 !~ /^--/ { print $1 }' <<<"$all" | uniq)
[[ -n $commands ]] || { echo "FAIL options: no command listed"; exit 1; }

# The options of one command (or of acpitrace itself: ""), without the hidden ones.
opts_of() {
	if [[ -z $1 ]]; then
		awk '$1 ~ /^--/ && $2 != "(hidden)" { print $1 }' <<<"$all"
	else
		awk -v c="$1" '$1 == c && $3 != "(hidden)" { print $2 }' <<<"$all"
	fi
}
# Every option, hidden too: what the command accepts.
accepted_of() {
	awk -v c="$1" '$1 == c { print $2 }' <<<"$all"
}

# The man page: "SECTION --option" for each Fl -option on an .It line.
man_items=$(awk '
	/^\.S[hs] / { sub(/^\.S[hs] /, ""); sec = $0; next }
	/^\.It / {
		line = $0
		while (match(line, /Fl -[a-z0-9-]+/)) {
			print sec " " substr(line, RSTART + 4, RLENGTH - 4)
			line = substr(line, RSTART + RLENGTH)
		}
	}' "$man")
# Shared sections a command's options may be documented in.
shared_of() {
	case $1 in
	trace | stats | top) echo "Global options|Filters|Storm options" ;;
	run) echo "Global options|Storm options" ;;
	*) echo "Global options" ;;
	esac
}

# The completion's offers for the words given (the last one is completed).
complete_words() {
	bash -c '
		_init_completion() {
			words=("${COMP_WORDS[@]}")
			cword=$COMP_CWORD
			cur=${COMP_WORDS[COMP_CWORD]}
			prev=${COMP_WORDS[COMP_CWORD - 1]}
		}
		compopt() { :; }
		_filedir() { :; }
		complete() { :; }
		source "$1"
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		_acpitrace
		printf "%s\n" "${COMPREPLY[@]}"
	' complete "$comp" "$@" | sort -u
}

for cmd in $commands; do
	help=$("$bin" "$cmd" --help) || fail "$cmd --help exits non-zero"
	[[ $("$bin" help "$cmd") == "$help" ]] || fail "acpitrace help $cmd differs from $cmd --help"
	offers=$(complete_words acpitrace "$cmd" --)
	sections="$cmd|$(shared_of "$cmd")"
	for o in $(opts_of "$cmd"); do
		grep -qE -- "(^|[ ,])$o([ =[]|$)" <<<"$help" || fail "$cmd $o: not in '$cmd --help'"
		awk -v s="^($sections) ${o#--}\$" '$0 ~ s { f = 1 } END { exit !f }' <<<"$man_items" ||
			fail "$cmd $o: not in the man page (section $cmd)"
		grep -qx -- "$o" <<<"$offers" || fail "$cmd $o: not offered by the bash completion"
	done
	for o in $(grep -- '^--' <<<"$offers"); do
		accepted_of "$cmd" | grep -qx -- "$o" || fail "$cmd $o: completed, but $cmd has no such option"
	done
	for o in $(awk -v c="$cmd" '$1 == c { print "--" $2 }' <<<"$man_items"); do
		accepted_of "$cmd" | grep -qx -- "$o" || fail "$cmd $o: in the man page, but $cmd has no such option"
	done
	echo "checked options of $cmd: $(opts_of "$cmd" | wc -l)"
done

# acpitrace's own options, and the commands
ghelp=$("$bin" --help)
goffers=$(complete_words acpitrace --)
for o in $(opts_of ""); do
	grep -qE -- "(^|[ ,])$o([ =[]|$)" <<<"$ghelp" || fail "acpitrace $o: not in 'acpitrace --help'"
	grep -qx "Global options ${o#--}" <<<"$man_items" || fail "acpitrace $o: not in the man page's Global options"
	grep -qx -- "$o" <<<"$goffers" || fail "acpitrace $o: not offered by the bash completion"
done
cwant=$(printf '%s\n' $commands help | sort)
[[ $(complete_words acpitrace '') == "$cwant" ]] ||
	fail "the completion's commands are not: $(echo $cwant)"
for cmd in $commands help; do
	grep -qE "^  $cmd " <<<"$ghelp" || fail "command $cmd: not in 'acpitrace --help'"
	grep -qx "\.Ss $cmd" "$man" || [[ $cmd == help ]] || fail "command $cmd: no section in the man page"
done

# The sources of -s: the parser's, --help's, the man page's, the completion's
parser=$("$bin" trace -s bogus 2>&1 | sed -n 's/.*unknown source (\(.*\)).*/\1/p' | tr -d ' ' | tr , '\n' | sort)
[[ $(wc -l <<<"$parser") -ge 11 ]] || fail "trace -s bogus does not list the sources: $parser"
helps=$("$bin" trace --help | awk '/--source/ { s = 1 } s && /^  +-/ && !/--source/ { exit } s' |
	sed 's/.*only these sources://' | tr -d ' \n' | tr , '\n' | sort)
mans=$(awk '/^\.It Fl s , Fl -source/ { s = 1; next } s && /^\.Cm/ { print; exit }' "$man" |
	sed 's/^\.Cm //; s/ \.$//' | tr -d ' ' | tr , '\n' | sort)
comps=$(complete_words acpitrace trace -s '' | sort)
for what in helps mans comps; do
	[[ ${!what} == "$parser" ]] ||
		fail "trace -s sources differ: parser $(echo $parser), $what $(echo ${!what})"
done

[[ $failed == 0 ]] && echo "PASS options: help, man page and completion agree ($(grep -c . <<<"$all") options)"
exit $failed
