/* The default smallest change in a cell's instructions per operation that compare and store
 * check judge: above the largest move between two profiles measured here (0.19%, one NSS cell;
 * 202 of 204 cells the same to the instruction: doc/measuring.md "Instruction counts"), and
 * below the 0.5% code change that wall-clock figures cannot see. */
#pragma once

#define SM_INSTRUCTIONS_THRESHOLD 0.3
