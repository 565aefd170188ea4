#!/usr/bin/env python3
"""Checks the analyzers' layout: every file's namespace is its folder's; the core (Core/, and the code fixes' shared
Edits/ and FixAll/) uses no rule family; a project's root files (the analyzer that lists the rules) may use any; a rule family (a folder under Rules/) uses the core and never another family.
A code fix's family may use its own rule's folder. Types are matched by declared name, as folder-cycles.py does.
Tests mirror both projects: tests/RefitStj.Analyzers.Tests/<folder>/FooTests.cs tests Foo.cs of that folder in one of
them (the suites Corpus/, Readme/ and Support/ aside).
Usage: analyzer-layout.py [REPO_ROOT]. Prints each breach and exits 1 when there is one."""
import os, re, sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
projects = {"RefitStj.Analyzers": "src/RefitStj.Analyzers", "RefitStj.Analyzers.CodeFixes": "src/RefitStj.Analyzers.CodeFixes"}
decl = re.compile(r'\b(?:class|struct|record|interface|enum)\s+([A-Z][A-Za-z0-9_]*)')
strip = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"', re.S)
files = []  # (project, folder relative to the project, path, code)
for project, rel in projects.items():
    base = os.path.join(root, rel)
    for d, _, names in os.walk(base):
        folder = os.path.relpath(d, base)
        if folder.split(os.sep)[0] in ("bin", "obj"):
            continue
        for name in names:
            if name.endswith(".cs"):
                path = os.path.join(d, name)
                files.append((project, "" if folder == "." else folder, path, open(path, encoding="utf-8").read()))

def family(folder):
    """The rule family a folder belongs to, '' for the rules' shared root, None for the core."""
    parts = folder.split(os.sep)
    if parts[0] != "Rules":
        return None
    return parts[1] if len(parts) > 1 else ""

breaches = []
declared = {}
for project, folder, path, text in files:
    expected = ".".join([project] + [p for p in folder.split(os.sep) if p])
    found = re.search(r'^namespace ([\w.]+);', text, re.M)
    if not found or found.group(1) != expected:
        breaches.append(f"{path}: namespace {found.group(1) if found else '(none)'}, expected {expected}")
    for name in decl.findall(strip.sub("", text)):
        declared.setdefault(name, set()).add(family(folder))

for project, folder, path, text in files:
    if folder == "":
        continue
    own = family(folder)
    words = set(re.findall(r'\b[A-Z][A-Za-z0-9_]*\b', strip.sub("", text)))
    for word in sorted(words):
        owners = declared.get(word, set())
        if len(owners) != 1:
            continue  # undeclared here, or declared in more than one place: not attributable by name
        (other,) = owners
        if other is None or other == own or (other == "" and own is not None):
            continue  # the core, the file's own family, or the rules' shared root seen from a family
        where = "the core" if own is None else ("the rules' root" if own == "" else f"rule family {own}")
        breaches.append(f"{path}: {where} uses '{word}' of rule family {other or 'root'}")

tests = os.path.join(root, "tests/RefitStj.Analyzers.Tests")
suites = ("Corpus", "Readme", "Support", "bin", "obj")
for d, _, names in os.walk(tests):
    folder = os.path.relpath(d, tests)
    if folder.split(os.sep)[0] in suites:
        continue
    for name in names:
        if name.endswith(".cs"):
            tested = name[:-len("Tests.cs")] + ".cs" if name.endswith("Tests.cs") else None
            homes = [os.path.join(root, rel, "" if folder == "." else folder) for rel in projects.values()]
            if tested is None or not any(os.path.isfile(os.path.join(home, tested)) for home in homes):
                breaches.append(f"{os.path.join(d, name)}: tests no {tested or name} of {folder} in either project")

for breach in breaches:
    print(breach)
families = sorted({family(f) for _, f, _, _ in files if family(f)})
print(f"{len(breaches)} layout breaches; rule families: {', '.join(families)}")
sys.exit(1 if breaches else 0)
