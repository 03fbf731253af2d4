"""`python -m tools --help` and every command's --help: each command has a
one-line description that is a whole sentence, and every flag, argument and
subcommand of every command says what it is for."""
import argparse
import importlib

from tools import VERBS
from tools import __main__ as tools_main

# a description cut in the middle of a sentence ends on one of these
DANGLING = ("and", "or", "on", "an", "a", "the", "of", "to", "with", "for", "in", "by", "as", "from")


def cut(text):
    """Why `text` reads as cut short or missing (None when it reads whole)."""
    if not text or not text.strip() or text == argparse.SUPPRESS:
        return "missing"
    words = text.rstrip().split()
    if text.rstrip().endswith(",") or words[-1].lower() in DANGLING:
        return "ends mid-sentence: ...%s" % " ".join(words[-3:])
    return None


def problems(parser, where):
    """Every flag, argument or subcommand of `parser` (and its subcommands'
    parsers) without help, and every description missing, cut or not one
    whole sentence."""
    out = []
    d = parser.description
    why = cut(d) or (None if d.strip().endswith(".") and "\n" not in d.strip() else "not one sentence")
    if why:
        out.append("%s: description %s: %r" % (where, why, d))
    for act in parser._actions:
        if isinstance(act, argparse._HelpAction):
            continue
        if isinstance(act, argparse._SubParsersAction):
            helps = {c.dest: c.help for c in act._choices_actions}
            for name, sub in act.choices.items():
                if cut(helps.get(name)):
                    out.append("%s %s: %s in the command list" % (where, name, cut(helps.get(name))))
                out += problems(sub, "%s %s" % (where, name))
            continue
        name = "/".join(act.option_strings) or act.dest
        if cut(act.help):
            out.append("%s %s: help %s" % (where, name, cut(act.help)))
    return out


def test_every_flag_of_every_command_has_help_and_every_description_is_whole():
    found = []
    for verb, (module, _) in VERBS.items():
        found += problems(importlib.import_module(module).parser(), "python -m tools " + verb)
    assert not found, "\n".join(found)


def test_the_walk_finds_a_flag_without_help_and_a_cut_description():
    p = argparse.ArgumentParser(description="Run the real firmware on an")
    p.add_argument("--quiet", action="store_true")
    sub = p.add_subparsers(dest="cmd")
    s = sub.add_parser("go", help="go somewhere", description="Go somewhere.")
    s.add_argument("where")
    found = problems(p, "x")
    assert "x: description ends mid-sentence: ...firmware on an: 'Run the real firmware on an'" in found
    assert "x --quiet: help missing" in found and "x go where: help missing" in found
    assert len(found) == 3


def test_the_command_list_gives_each_command_its_one_line_description(capsys):
    assert tools_main.main(["--help"]) == 0
    out = capsys.readouterr().out
    for verb, (module, about) in VERBS.items():
        line = next(ln for ln in out.splitlines() if ln.split()[:1] == [verb])
        assert line.split(None, 1)[1] == about and module not in line
        assert not cut(about) and about.endswith(".")
        assert importlib.import_module(module).parser().description == about
    assert tools_main.main(["nonsense"]) == 2
    assert "no command 'nonsense'" in capsys.readouterr().err
