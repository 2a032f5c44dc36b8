/* The default smallest change in a cell's instructions per operation that compare and store
 * check judge: three times the run-to-run spread of Valgrind's counts (two profiles of a cell
 * agree to under 0.1%), and below the 0.5% code change that wall-clock figures cannot see. */
#pragma once

#define SM_INSTRUCTIONS_THRESHOLD 0.3
