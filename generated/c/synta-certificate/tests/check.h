/*
 * check.h - the one assertion macro of the C certificate tests: a failed
 * condition is printed with its file and line and counted in `failures`, and the
 * test goes on (each test's main returns non-zero when any failed).
 */
#ifndef SYNTA_CERT_TESTS_CHECK_H
#define SYNTA_CERT_TESTS_CHECK_H

#include <stdio.h>

static int failures = 0;

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                     \
        }                                                                   \
    } while (0)

#endif
