#!/usr/bin/env bash
# The unit tests of the code that differs between kernel sets (core/kernel_set.h: octal kernels
# and tables, UTTT playouts and MCTS, Dots and Boxes, the searches) under GRUNDY_KERNELS=$1, as a
# machine with only that set would run them. Exit 77 (CTest: skipped) when this CPU lacks the
# set, when it is the CPU's best (other than scalar: the main run used it), and under
# sanitizers, where the parameterised tests (Sets/*, *KernelSets*) already run every set's code.
set -u
set_name=${1:?usage: unit.sh scalar|avx2|avx512}
: "${TESTS:?set TESTS to the grundy_tests binary}" "${GRUNDY:?set GRUNDY to the grundy binary}"
if [ -n "${GRUNDY_SANITIZED:-}" ]; then
  echo "skipped under sanitizers (Sets/* and *KernelSets* run every set there)"
  exit 77
fi
if ! GRUNDY_KERNELS=$set_name "$GRUNDY" --version >/dev/null 2>&1; then
  echo "this CPU lacks the $set_name kernel set: skipped"
  exit 77
fi
# The set the command chooses by itself already ran them in the main run (a non-scalar set only).
best=$(GRUNDY_KERNELS= "$GRUNDY" --version)
if [ "$set_name" != scalar ] && [ "$best" = "grundy 0.1 (kernels: $set_name)" ]; then
  echo "$set_name is this CPU's best set: the main run covered it, skipped"
  exit 77
fi
# The slowest tests of those families (5-60 s here) are left to the main run; so are the sparse
# engine's long comparisons with the plain path (4-10 s each under scalar), whose tables
# OctalKernelSets.TablesAreTheSameUnderEverySet compares under every set in this run too.
filter='Octal*:Uttt*:Mcts*:UctSelect*:Dots*:Nimstring*:KernelSet*:Sets/*:Bits*'
filter+='-OctalPeriod.ThreeFiveFour:OctalPeriod.ThreeSevenSix:UtttSolve.TheCentreOpening*'
filter+=':UtttSolve.ExportedProofs*:DotsEngines.PerfectMovingSecond*'
filter+=':OctalSparse.BlocksMatchHeapByHeap:OctalSparse.MatchesPlainToFiftyThousand'
filter+=':OctalSparse.GrundyScansReachFarPartsAndGoOn'
# Nor those whose subject is not the kernels (3-5 s each here): part files' damage, which thread
# scans, and the network search's choices (UtttNetwork16.TheSearchIsTheSameUnderEveryKernelSet
# compares that search under every set).
filter+=':OctalLongRun.DamagedPartFilesAreRefused:OctalSparse.BlocksScanForTheThreadThatFinishes'
filter+=':UtttNetSearch.AFreeMovePenaltyExploresThoseMovesLess'
filter+=':UtttNetSearch.CompactingBetweenTurnsChangesNoChoice'
GRUNDY_KERNELS=$set_name "$TESTS" --gtest_filter="$filter" --gtest_brief=1
