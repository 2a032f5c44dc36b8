/* speedmatrix summary RUN.csv: the grids of io/summary.h for a result file. */
#pragma once

/* Returns the exit status: 0 printed, 2 bad input. */
int sm_cmd_summary(int argc, char **argv);
