/* `speedmatrix ct`: its command line (and the hidden worker mode valgrind runs). */
#pragma once

int sm_cmd_ct(int argc, char **argv);
