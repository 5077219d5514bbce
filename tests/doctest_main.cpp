// Kept alone in its own file so that doctest's runner is compiled once.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
