/* `speedmatrix profile`: its command line (and the hidden worker mode callgrind runs). */
#pragma once

int sm_cmd_profile(int argc, char **argv);
