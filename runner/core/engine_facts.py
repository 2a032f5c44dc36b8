#!/usr/bin/env python3
"""Writes the runner's table of engine facts (core/engine_facts.h) from engines/engines.ini.

usage: engine_facts.py ENGINES_INI OUTPUT_C
Reads the file as scripts/install-deps and scripts/add-build do (a line each: '#' comment,
[section], key = value); a section twice, or without a field the runner needs, fails the build,
naming the file and line.
"""
import re
import sys

NEEDED = ('short', 'files')


def read(path):
    engines = []
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            if line.startswith('[') and line.endswith(']'):
                if any(name == line[1:-1] for name, _, _ in engines):
                    sys.exit(f'{path}:{number}: a second {line}')
                engines.append((line[1:-1], {}, number))
            elif '=' in line and engines:
                key, value = line.split('=', 1)
                engines[-1][1][key.strip()] = value.strip()
            else:
                sys.exit(f'{path}:{number}: neither [engine] nor key = value')
    for name, fields, number in engines:
        for key in NEEDED:
            if not fields.get(key):
                sys.exit(f'{path}:{number}: [{name}] has no {key}')
    return engines


def c_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def main():
    source, output = sys.argv[1:3]
    lines = ['/* Written by runner/core/engine_facts.py from engines/engines.ini: edit that file. */',
             '#include "core/engine_facts.h"', '', '#include <stddef.h>', '']
    rows = []
    for name, fields, _ in read(source):
        array = 'files_' + re.sub(r'\W', '_', name)
        files = ', '.join(c_string(stem) for stem in fields['files'].split())
        lines.append(f'static const char *const {array}[] = {{{files}, NULL}};')
        rows.append(f'    {{{c_string(name)}, {c_string(fields["short"])}, {array}}},')
    lines += ['', 'const SmEngineFacts sm_engine_facts[] = {'] + rows + ['    {NULL, NULL, NULL},', '};']
    with open(output, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
