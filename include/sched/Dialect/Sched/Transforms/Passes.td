//===- Passes.td - sched dialect passes ---------------------*- tablegen -*-===//
//
// Part of the sched project, under the Apache License v2.0 with LLVM
// Exceptions. See LICENSE for license information.
//
//===----------------------------------------------------------------------===//

#ifndef SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_TD
#define SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

// What a pass does when a function's peak memory exceeds the HBM capacity of
// its `#sched.target` (sched-report, the scheduling passes, sched-pipeline).
def CapacityCheckOption
    : Option<"capacityCheck", "capacity-check", "::mlir::sched::CapacityCheck",
             /*default=*/"::mlir::sched::CapacityCheck::Warn",
             "when the peak memory exceeds the target's HBM capacity: warn, "
             "error or off (default: warn)",
             [{::llvm::cl::values(
               clEnumValN(::mlir::sched::CapacityCheck::Warn, "warn",
                          "emit a warning"),
               clEnumValN(::mlir::sched::CapacityCheck::Error, "error",
                          "emit an error and fail"),
               clEnumValN(::mlir::sched::CapacityCheck::Off, "off",
                          "do not check"))}]>;

def SchedAttachTarget : Pass<"sched-attach-target", "ModuleOp"> {
  let summary = "attach a #sched.target built from a preset and overrides";
  let description = [{
    Builds a `#sched.target` from the named `preset` and attaches it to the
    module as `sched.target`, replacing any target already there. Every
    numeric option overrides one fact of the preset when it is given
    (negative values, the default, keep the preset's value). All later passes
    read hardware facts from this attribute only.

    Presets: `a100-80gb`, `h100-sxm`, `h200-sxm` (sources in docs/Target.md).

    Before:

    ```mlir
    module {}
    ```

    After `--sched-attach-target="preset=h100-sxm gpus-per-node=4"`:

    ```mlir
    module attributes {sched.target = #sched.target<name = "h100-sxm",
        gpus_per_node = 4, intra_node = <bandwidth = 450.0, latency = 1.9>,
        ...>} {}
    ```

    An unknown preset, an override that is not a finite number (`nan`,
    `inf`) or one that makes the target invalid (e.g. a zero bandwidth) is an
    error.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"preset", "preset", "std::string", /*default=*/"\"h100-sxm\"",
           "name of the target preset (a100-80gb, h100-sxm, h200-sxm) (default: h100-sxm)">,
    Option<"gpusPerNode", "gpus-per-node", "int64_t", /*default=*/"-1",
           "override: GPUs per node (default: the preset's)">,
    Option<"intraNodeBandwidth", "intra-node-bandwidth", "double",
           /*default=*/"-1.0", "override: intra-node GB/s per direction (default: the preset's)">,
    Option<"intraNodeLatency", "intra-node-latency", "double",
           /*default=*/"-1.0", "override: intra-node latency in microseconds (default: the preset's)">,
    Option<"interNodeBandwidth", "inter-node-bandwidth", "double",
           /*default=*/"-1.0", "override: inter-node GB/s per direction (default: the preset's)">,
    Option<"interNodeLatency", "inter-node-latency", "double",
           /*default=*/"-1.0", "override: inter-node latency in microseconds (default: the preset's)">,
    Option<"hbmBandwidth", "hbm-bandwidth", "double", /*default=*/"-1.0",
           "override: device memory bandwidth in GB/s (default: the preset's)">,
    Option<"hbmCapacity", "hbm-capacity", "int64_t", /*default=*/"-1",
           "override: device memory capacity in bytes (default: the preset's)">,
  ];
}

def SchedAnnotateCompute : Pass<"sched-annotate-compute", "ModuleOp"> {
  let summary = "derive the costs and memory effects of calls, warn about "
                "compute without a cost";
  let description = [{
    Gives every call (`func.call`, any `CallOpInterface`) what the function
    passes need to know about it and cannot find out themselves (a function
    pass must not read other functions):

    * `sched.cost`, when it has none: the summed costs of the compute in the
      callee's body (`sumComputeCosts`: the fields of the body ops' costs
      added up; calls in the body first get theirs), if any of it has a
      cost;
    * `sched.effects`, when it has none: the callee's `sched.effects`, or
      `"args"` when the callee's body reads and writes only memory reachable
      from its arguments or that it allocates, issues no collective and
      returns only such buffers. A call without `sched.effects` has unknown
      memory effects: the dependence graph keeps it out of the window of
      every collective, and sched-verify-schedule rejects it inside one.

    Then it warns, once per kind of `sched.compute` and once per callee,
    about compute that still has no cost (it counts as 0 us):
    `compute 'k' has no cost and none can be derived from a body: it counts
    as 0 us` and `call of @f has no 'sched.cost' and none can be derived
    from the callee: it counts as 0 us`, on the first such op.

    sched-pipeline runs it first, and sched-lower-to-llvm with `warn=0`.
    See docs/CostModel.md and docs/Analyses.md.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"warn", "warn", "bool", /*default=*/"true",
           "warn about compute without a cost (default: true)">,
  ];
}

def SchedReport : Pass<"sched-report", "ModuleOp"> {
  let summary = "report the simulated schedule and memory of each function";
  let description = [{
    Evaluates the program order of every function with a body: simulates it
    on one compute stream and one communication stream per process group
    with the cost model of the module's `#sched.target`, and computes its
    memory timeline. The IR is not changed. Writes, for the options given:

    * `json`: a JSON report with the stable schema `sched-report/1`
      (makespan, exposed communication, overlap, lower bounds, peak memory,
      one row per collective); see docs/Reports.md.
    * `summary`: a fixed-width table for people.
    * `trace`: a Chrome trace (chrome://tracing or ui.perfetto.dev) with the
      compute stream and each communication stream as tracks and memory as a
      counter track.
    * `svg`: an SVG picture of the timeline. With several functions the path
      must contain `{name}`, which is replaced by the function name. Each
      picture spans its own makespan unless `svg-time-us` is given: then
      1000 px of plot stand for that many microseconds in every picture,
      a longer timeline gets a wider picture, so that two reports (before
      and after scheduling) drawn with the same value share one scale.

    A path `-` writes to standard output. Without any option the pass emits
    one remark per function with the main numbers.

    With `exact-max-ops=N`, every function of at most N ops (N <= 64) is
    also solved exactly: a branch-and-bound over the orders of its body
    (docs/Analyses.md, "The exact solver") finds the least simulated
    makespan, and the remark, the summary and the JSON report (`exact`) give
    it with the gap of the current order. The search stops after
    `exact-max-nodes` nodes; the best order found is then reported as not
    proven, with the best proven lower bound.

    With `memory-budget=B` (bytes) or `memory-slack=S` (the reported order's
    peak plus that fraction, as `sched-schedule-overlap` computes its
    budget from its input's peak), the exact solver only counts orders whose
    peak memory stays within the budget, and bounds them with the
    memory-aware lower bound (docs/Analyses.md, "The memory-aware bound"):
    the optimum under the same budget as a schedule that was given it. The
    remark and the summary say "within a budget of B"; the JSON report's
    `exact` gets `memory_budget_bytes`, `feasible`, `peak_memory_bytes`
    and `memory_bound_us`. Where no order fits, the report says so. The
    budget is taken as given (not capped at the HBM capacity).

    With a budget, every function of one block (no loops, branches or calls
    simulated inside; at most 8192 ops), with or without `exact-max-ops`,
    also gets the memory-aware bound of its orders within the budget
    (docs/Analyses.md, "The memory-aware bound": the orders the budget
    forces, and the memory-limited tail and head bounds): the remark and the summary
    say "memory bound B us within a budget of M (N forced orders)", the
    JSON report has it as `lower_bounds_us.memory` and `memory_bound`. It
    joins the best bound ("within X % of the lower bound, ..., for the orders
    within the memory budget") where the reported order fits the budget.

    A module with two or more stage-specific functions (`sched.ranks`, one
    per pipeline stage; see `sched-verify-deadlock`) is also simulated as a
    whole: the stages run side by side and a collective of a group linking
    several stages begins once all of them have issued it
    (sched/Analysis/PipelineSimulation.h). The summary then ends with the
    pipelined step and each stage's compute time and bubble (the step
    minus its compute time), and without options one more remark gives
    them. Stages that deadlock are an error.

    Example:

    ```
    sched-opt step.mlir --sched-attach-target="preset=h100-sxm" \
      --sched-report="json=report.json trace=trace.json svg=step.svg" -o /dev/null
    ```

    Errors: a function without a target, an op the cost model cannot cost,
    a value whose size is unknown, an output file that cannot be written,
    `exact-max-ops` above 64 or `exact-max-nodes` of 0, a negative
    `memory-budget`, or a negative or NaN `memory-slack`. A function whose peak memory exceeds the HBM capacity of its target
    gets a warning (an error with `capacity-check=error`, none with `off`).
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"jsonPath", "json", "std::string", /*default=*/"\"\"",
           "write the JSON report to this file (default: none)">,
    Option<"summaryPath", "summary", "std::string", /*default=*/"\"\"",
           "write the summary table to this file (default: none)">,
    Option<"tracePath", "trace", "std::string", /*default=*/"\"\"",
           "write a Chrome trace to this file (default: none)">,
    Option<"svgPath", "svg", "std::string", /*default=*/"\"\"",
           "write an SVG timeline to this file ({name}: function name) (default: none)">,
    Option<"svgTimeUs", "svg-time-us", "double", /*default=*/"0.0",
           "microseconds that 1000 px of the SVG's time axis stand for, in "
           "every function (0: each picture spans its own makespan) (default: 0)">,
    Option<"profilePath", "profile", "std::string", /*default=*/"\"\"",
           "measured cost profile (JSON) for the cost model (default: none)">,
    Option<"exactMaxOps", "exact-max-ops", "unsigned", /*default=*/"0",
           "also find the optimal order of every function of at most this "
           "many ops (at most 64) with the exact solver, and report the gap "
           "of the current order to it (0: off) (default: 0)">,
    Option<"exactMaxNodes", "exact-max-nodes", "uint64_t",
           /*default=*/"1000000",
           "search nodes the exact solver may visit per function before it "
           "stops unproven (default: 1000000)">,
    Option<"memoryBudget", "memory-budget", "int64_t", /*default=*/"0",
           "peak memory limit in bytes of the orders the exact solver "
           "considers and the memory-aware bound bounds (0: memory-slack, "
           "or no limit) (default: 0)">,
    Option<"memorySlack", "memory-slack", "double",
           /*default=*/"std::numeric_limits<double>::infinity()",
           "allowed growth of the peak memory of the orders the exact "
           "solver and the memory-aware bound consider over the reported "
           "order's, as a fraction (inf: no limit) (default: inf)">,
    CapacityCheckOption,
  ];
}

def SchedScheduleOverlap : Pass<"sched-schedule-overlap", "func::FuncOp"> {
  let summary = "start collectives early and wait late, behind independent compute";
  let description = [{
    Reorders the body of each function so that collectives overlap with
    compute: a list scheduler over the dependence graph that tracks simulated
    time (the cost model of the module's `#sched.target`) and live memory.

    * Starts are issued as soon as they are ready, the one whose result is
      needed first going first (or in their input order with
      `keep-collective-order`), unless the group already has `max-in-flight`
      collectives in flight or the start would push live memory over the
      budget. The pass is deterministic, so every rank that compiles the same
      program issues the collectives in the same order.
    * Compute runs in its original order among the ready ops.
    * A wait is placed only when no compute is ready (so it is as late as the
      dependences allow), or earlier when its collective has already ended
      and a start needs its slot. Waits of one group stay in issue order.

    The result is kept only if the stream simulator says it is not slower
    than the input and its peak memory is within the budget: by default the
    input's peak (in `sched-pipeline`, the pipeline input's, before loop
    pipelining, fusion and reordering: `sched.input_peak`) plus the larger of
    `memory-allowance` bytes (1 GiB, Inductor's allowance) and
    `memory-slack` of it (5 %), or `memory-budget` bytes, which replaces
    both. If the input fits the HBM capacity of the target, the budget is at
    most that capacity (with a warning if `memory-budget` asked for more); a
    function whose peak, as scheduled or kept, exceeds the capacity gets a
    warning (`capacity-check=error`: an error, `off`: neither the check nor
    the cap).

    In-flight caps are searched within the budget: counts 1, 2, 4, 8 and no
    cap (`max-in-flight=N` tries N alone, as before), each with the byte cap
    `max-in-flight-bytes` if given (bytes of collectives in flight per
    group; a collective alone on its group always goes); with neither given
    and collectives of different sizes in a group, also no count cap with 2
    and 4 times each group's largest collective. The fastest valid schedule
    within the budget is kept (ties: the lower peak, then the tighter cap).
    A rejected cap gets one remark (each one, with `explain`); if none is
    valid the pass falls back, with a remark, to one collective in flight
    without prefetching beyond the input's peak, then keeps the input order.
    With `record-cap` (set by `sched-pipeline`) the count cap kept is
    recorded on the function as `sched.max_in_flight` for bucketing and the
    verifier.

    With `trim-budget` (set by `sched-pipeline` where it searches, i.e. in
    modules of at most `search-max-ops` ops), the fastest schedule is only
    the first half of the choice: the pass then looks for a better trade of
    step and memory. It reruns every strategy with lower budgets (the input's
    peak first; with `trim-exchange-rate` also the free level, the input's
    peak plus `memory-slack`, and halfway from it to the kept peak; then
    bisection, at most 8 budgets in all, stopping within 1/32 of the range
    or 1 MiB) and keeps, among schedules no slower than the fastest by more
    than `trim-tolerance` of its step nor than the input, the better trade:
    with a rate of 0 the lower peak; otherwise the lower step x (1 + the
    peak over the free level, as a fraction of it, / the rate). The summary
    remark then gives the budget given, the budget used and how many were
    tried. A function with nested blocks is not trimmed.

    Options are checked before any work: `max-in-flight`,
    `max-in-flight-bytes`, `memory-allowance` and `memory-budget`
    non-negative, `memory-slack` and `trim-tolerance` finite and
    non-negative.

    A second strategy competes with it: a list scheduler in simulated time
    with a fixed priority, run twice, with the longest remaining path to the
    end (the bottom level, collectives counted) and with the input order as
    priority. It runs the ready compute of best priority whenever the compute
    stream is free, so independent chains (the micro-batches of gradient
    accumulation) interleave and hide each other's collectives, under the
    same in-flight cap, in-order waits per group, collective order and memory
    budget. The fastest valid schedule within the budget wins; ties keep the
    first strategy's. Where the block holds micro-batches (gradient
    accumulation), a third priority interleaves them, each forward alongside
    the previous backward; it runs again with at most `gather-cap` weight
    gathers (starts that depend on no compute) issued whose users have not
    all run (by default 2, 4, 8, ..., below the most the uncapped run had),
    so that gathers issued far ahead do not take the memory the interleaving
    needs.

    Remarks: one per function with the step time, exposed communication and
    peak before and after, and one per collective left exposed with the
    reason (data dependence, no independent compute left, in-flight cap,
    memory budget); with `explain`, one more when the second strategy wins.

    Before:

    ```mlir
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : ...
    %g = sched.wait %f : ...
    %a = sched.compute "independent" ins(%x : ...) -> (...)
    %b = sched.compute "use" ins(%g, %a : ...) -> (...)
    ```

    After:

    ```mlir
    %f = sched.all_gather_start %w on @dp gather_dim = 0 : ...
    %a = sched.compute "independent" ins(%x : ...) -> (...)
    %g = sched.wait %f : ...
    %b = sched.compute "use" ins(%g, %a : ...) -> (...)
    ```
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"maxInFlight", "max-in-flight", "int64_t", /*default=*/"0",
           "collectives in flight at once per process group, at most (0: "
           "try 1, 2, 4, 8 and no cap and keep the fastest) (default: 0)">,
    Option<"maxInFlightBytes", "max-in-flight-bytes", "int64_t",
           /*default=*/"0",
           "bytes of collectives in flight at once per process group, at "
           "most (0: no byte cap given; the search also tries 2 and 4 times "
           "each group's largest collective) (default: 0)">,
    Option<"memorySlack", "memory-slack", "double", /*default=*/"0.05",
           "allowed growth of the peak memory over the input's, as a "
           "fraction; the larger of it and memory-allowance is allowed "
           "(default: 0.05)">,
    Option<"memoryAllowance", "memory-allowance", "int64_t",
           /*default=*/"1073741824",
           "allowed growth of the peak memory over the input's, in bytes; "
           "the larger of it and memory-slack is allowed (default: "
           "1073741824)">,
    Option<"collectiveAllowance", "collective-allowance", "int64_t",
           /*default=*/"2",
           "allowed growth of the peak memory over the input's, in multiples "
           "of the function's largest collective (the larger of its input and "
           "output), so that a layer can be gathered while the previous one "
           "is in use whatever its size; the largest of it, memory-allowance "
           "and memory-slack is allowed (0: none) (default: 2)">,
    Option<"memoryBudget", "memory-budget", "int64_t", /*default=*/"0",
           "peak memory limit in bytes (0: the input's peak plus the largest "
           "of memory-allowance, memory-slack and collective-allowance) "
           "(default: 0)">,
    Option<"profilePath", "profile", "std::string", /*default=*/"\"\"",
           "measured cost profile (JSON) for the cost model (default: none)">,
    Option<"trimBudget", "trim-budget", "bool", /*default=*/"false",
           "after the fastest schedule within the budget, keep the one of "
           "the least budget (bisected down to the input's peak) whose step "
           "is no slower (default: false)">,
    Option<"trimTolerance", "trim-tolerance", "double", /*default=*/"0.0",
           "with trim-budget, how much slower than the fastest schedule a "
           "trimmed one may be, as a fraction of its step (default: 0)">,
    Option<"trimExchangeRate", "trim-exchange-rate", "double",
           /*default=*/"0.0",
           "with trim-budget, the price of memory over the input's peak "
           "plus memory-slack: the fraction of that level over it that is "
           "worth one fraction of the step (10: 1 % of the step for 10 % "
           "more memory); a trimmed schedule is kept where its step times "
           "1 + that fraction / the rate is lower (0: the least memory "
           "within trim-tolerance) (default: 0)">,
    Option<"recordCap", "record-cap", "bool", /*default=*/"false",
           "record the in-flight count cap of the kept schedule on the "
           "function as sched.max_in_flight, which sched-bucket-collectives "
           "and sched-verify-schedule then keep, and its memory budget as "
           "sched.memory_budget, which sched-bucket-collectives keeps "
           "(default: false)">,
    Option<"keepCollectiveOrder", "keep-collective-order", "bool",
           /*default=*/"false",
           "issue collectives in their input order (default: false)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "emit a remark for every collective left exposed (otherwise one "
           "summary remark per function) (default: false)">,
    Option<"gatherCap", "gather-cap", "int64_t", /*default=*/"0",
           "weight gathers issued ahead of their users, at most, in the "
           "interleaved micro-batch schedule (0: try 2, 4, 8, ... and keep "
           "the fastest; negative: no cap) (default: 0)">,
    CapacityCheckOption,
  ];
}

def SchedReorderForMemory : Pass<"sched-reorder-for-memory", "func::FuncOp"> {
  let summary = "reorder each block into a topological order of low peak memory";
  let description = [{
    Finds a low-peak order of each block of the function, as Inductor's
    `reorder_for_peak_memory` and XLA's memory scheduler do: it evaluates
    several topological orders with the liveness analysis (alloc, run, free;
    docs/Analyses.md) and keeps the one with the lowest peak. Ties keep the
    earlier strategy, so the original order wins every tie. The strategies,
    in that order:

    * `original`: the input order;
    * `greedy`: least peak memory first, a list scheduler that picks the ready
      op raising the running peak least, then the one freeing the most;
    * `bfs`: Kahn's algorithm with a first-in first-out ready queue;
    * `dfs`: post-order depth-first search, smallest footprint first;
    * `exact`: for blocks of at most `exact-max-ops` ops, the minimum peak over
      all orders, by dynamic programming over the sets of scheduled ops,
      bounded by the best heuristic and by `exact-max-states` states.

    On larger blocks the best order is then refined: the window of
    `exact-max-ops` ops around its first peak is reordered exactly while that
    lowers the window's maximum, up to `exact-windows` times; the result is
    kept if it lowers the peak.

    Constraints: the dependence graph (data and side effects), a chain
    through all collective starts and waits (every rank issues and waits for
    collectives in the same order), in-place updates keep their order with
    the other users of the storage they write, and the terminator stays last.

    One remark per block gives the chosen strategy and every strategy's
    peak, e.g. `order 'greedy': peak 1792 -> 1536 bytes (original 1792,
    greedy 1536, bfs 1792, dfs 1600, exact 1536)`.

    Before (peak: both 1 KiB buffers live together):

    ```mlir
    %a = sched.compute "make_a" -> (tensor<256xf32>)
    %b = sched.compute "make_b" -> (tensor<256xf32>)
    %ra = sched.compute "reduce_a" ins(%a : tensor<256xf32>) -> (tensor<1xf32>)
    %rb = sched.compute "reduce_b" ins(%b : tensor<256xf32>) -> (tensor<1xf32>)
    ```

    After (`%a` is dead before `%b` is made):

    ```mlir
    %a = sched.compute "make_a" -> (tensor<256xf32>)
    %ra = sched.compute "reduce_a" ins(%a : tensor<256xf32>) -> (tensor<1xf32>)
    %b = sched.compute "make_b" -> (tensor<256xf32>)
    %rb = sched.compute "reduce_b" ins(%b : tensor<256xf32>) -> (tensor<1xf32>)
    ```

    With `keep-step`, the collective starts and waits (and ops whose regions
    issue collectives) stay where they are and only the runs of ops between
    them are reordered, each as a block of its own: the run that holds the
    peak, again while that lowers it. A run's compute takes the same time in
    any order, so every start is issued and every wait is reached at the same
    simulated time: the overlap a schedule made is kept and only the memory
    it takes is lowered. sched-pipeline runs it last, after bucketing. With a
    `#sched.target` the function's step is simulated before and after (with
    `profile`, whose contention can make compute times depend on the order)
    and the input order is put back if it grew. The remark gives the runs
    reordered, e.g. `reordered 2 of 9 runs between collectives: peak 3 KiB ->
    2 KiB, step kept`.

    See docs/passes/ReorderForMemory.md. Errors: a value whose size is
    unknown; `exact-max-ops` over 64 or `exact-max-states` over 10^7 (checked
    before any work). A peak over the target's HBM capacity: see
    `capacity-check`.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"exactMaxOps", "exact-max-ops", "unsigned", /*default=*/"24",
           "solve blocks of at most this many ops exactly (0: never, at most 64) (default: 24)">,
    Option<"exactMaxStates", "exact-max-states", "uint64_t",
           /*default=*/"1000000",
           "give up the exact solver after this many states (at most "
           "10000000) (default: 1000000)">,
    Option<"exactWindows", "exact-windows", "unsigned", /*default=*/"8",
           "larger blocks: reorder up to this many windows of exact-max-ops "
           "ops around the peak exactly (default: 8)">,
    Option<"keepStep", "keep-step", "bool", /*default=*/"false",
           "reorder only the runs of ops between consecutive collective "
           "starts and waits, so that every collective is issued and waited "
           "at the same simulated time; kept only where the simulated step "
           "does not grow (default: false)">,
    Option<"profilePath", "profile", "std::string", /*default=*/"\"\"",
           "with keep-step, the measured cost profile (JSON) the step is "
           "simulated with (default: none)">,
    CapacityCheckOption,
  ];
}

def SchedFuseCompute : Pass<"sched-fuse-compute", "func::FuncOp"> {
  let summary = "fuse sched.compute ops to save memory traffic without raising the peak";
  let description = [{
    Fuses `sched.compute` ops of each block greedily by the memory traffic the
    fusion removes, as Inductor scores fusions: the bytes of intermediates
    that no longer go to memory (written and read once more) plus the reads
    the two ops share. Candidates are producer/consumer pairs and siblings
    that read the same buffer; ties go to the closer pair, then program
    order.

    A fusion is rejected, with a remark saying why, if it would create a
    cycle (a path from one op to the other through other ops), needs other
    ops to move (an op between the two uses the first one's results), mixes
    an op with a body and an opaque one, exceeds `max-fused-ops`, would read
    more than `max-fused-read-bytes`, would leave a collective more exposed
    (it takes compute out of the collective's flight: with a `#sched.target`,
    when the compute left in flight falls short of the collective's time;
    without one, whenever compute leaves), or fails the memory guard:

    * `exact` (default): the liveness analysis gives the peak of the fused
      order (an O(d log n) query); it must not exceed the unfused peak plus
      `tolerance` bytes;
    * `heuristic`: Inductor's rule (PR 138756), in bytes: the inputs that
      die in each op, matched by size and element type, must not exceed
      `heuristic-factor` times the traffic saved;
    * `none`: no guard (a memory-blind fuser, for comparison).

    The fused op takes the place of the later op, with the external inputs
    of both, the results used outside, the kinds joined by `+`, flops summed,
    bytes read and written reduced by the traffic removed, and a fused
    location. Two ops with bodies give one body holding both; two opaque ops
    give an opaque op. Collectives, waits, ops with `outs` or memrefs, and
    kinds listed in `exclude-kinds` are never fused.

    Before:

    ```mlir
    %t = sched.compute "exp" ins(%x : tensor<1024xf32>) -> (tensor<1024xf32>)
    %s = sched.compute "sum" ins(%t : tensor<1024xf32>) -> (tensor<1xf32>)
    ```

    After:

    ```mlir
    %s = sched.compute "exp+sum" ins(%x : tensor<1024xf32>) -> (tensor<1xf32>)
    ```

    See docs/passes/FuseCompute.md. Errors: an unknown `memory-guard`
    (when the options are parsed), a negative `tolerance`, a `heuristic-factor`
    that is negative or not finite, `max-fused-ops=0`, a negative
    `max-fused-read-bytes` (before any work), a value whose size is unknown. A peak over the target's HBM capacity: see
    `capacity-check`.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"memoryGuard", "memory-guard", "::mlir::sched::FusionMemoryGuard",
           /*default=*/"::mlir::sched::FusionMemoryGuard::Exact",
           "exact, heuristic or none (default: exact)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::sched::FusionMemoryGuard::Exact, "exact",
                        "the fused peak within the unfused peak plus "
                        "tolerance"),
             clEnumValN(::mlir::sched::FusionMemoryGuard::Heuristic,
                        "heuristic", "Inductor's rule"),
             clEnumValN(::mlir::sched::FusionMemoryGuard::None, "none",
                        "no guard"))}]>,
    Option<"tolerance", "tolerance", "int64_t", /*default=*/"0",
           "exact guard: allowed growth of the peak, in bytes (default: 0)">,
    Option<"heuristicFactor", "heuristic-factor", "double", /*default=*/"32.0",
           "heuristic guard: reject when the overhead exceeds this times the saving (default: 32.0)">,
    Option<"maxFusedOps", "max-fused-ops", "unsigned", /*default=*/"64",
           "largest number of original ops in one fused op (default: 64)">,
    Option<"siblingCandidates", "sibling-candidates", "unsigned",
           /*default=*/"16",
           "readers of a buffer paired with at most this many following readers (default: 16)">,
    Option<"reorderMaxOps", "reorder-max-ops", "unsigned", /*default=*/"64",
           "reorder windows of at most this many ops to place a fusion (0: never) (default: 64)">,
    ListOption<"excludeKinds", "exclude-kinds", "std::string",
               "kinds never fused (e.g. library matmuls) (default: none)">,
    Option<"maxFusedReadBytes", "max-fused-read-bytes", "int64_t",
           /*default=*/"0",
           "largest number of bytes one fused op may read from memory (0: no limit) (default: 0)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "emit a remark for every pair not fused and every fusion that "
           "reorders ops (otherwise one summary per block) (default: false)">,
    CapacityCheckOption,
  ];
}

def SchedPipelineLoopCollectives
    : Pass<"sched-pipeline-loop-collectives", "func::FuncOp"> {
  let summary = "start a loop's collectives iterations ahead and sink their waits";
  let description = [{
    Rotates `scf.for` loops so that iteration i starts the collectives of
    iteration i + 1 whose inputs depend only on loop-invariant values and
    the induction variable (the FSDP weight gather of the next layer), and
    waits for them at the end of iteration i: the collective overlaps the
    whole iteration instead of exposing its time at the top of the next. The
    values it returns are carried to the next iteration as `iter_args`. The
    first iteration's collectives are peeled into a prologue before the
    loop and the last iteration into an epilogue after it, so the result is
    still a loop of O(body) ops and the pass's time does not depend on the
    trip count.

    A collective moves when its start is an op of the loop body, it has
    tensor operands, its results are statically shaped tensors, and the ops
    it depends on in the body are free of memory effects and fed only by the
    induction variable, loop-invariant values and each other (a slice of a
    stacked weight by the layer index, a cast).

    A collective that cannot move but whose results only later iterations
    or the loop's results read (a gradient's reduce-scatter inserted into a
    stack or added to an accumulator: its wait and the ops reading it are
    free of memory effects, combine it only with loop-invariant values, the
    index and iteration arguments that only they read and update) keeps its
    start; its wait and those ops *sink* into the next iteration, just
    before that iteration's own start, its future carried as an `iter_arg`
    (`sink-waits`). The last iteration's wait goes to the epilogue.

    A collective that can neither move nor sink but whose input the
    previous iteration computes (it reads iteration arguments, directly or
    through up to 16 cheap ops free of memory effects: slices, casts, index
    arithmetic; no `sched.compute`) is started *early*: at the end of the
    previous iteration, right after the values it reads are computed, on
    the values that iteration yields, its future carried as an `iter_arg`
    and waited where its wait was (TP's backward gather of the activation
    gradient). The prologue starts it for the first iteration on the
    loop's initial values; the last iteration is peeled and starts none.

    Before rotating a loop, the pass runs the first loop after it in its
    block inside its iterations when that loop is a *map* (same static trip
    count and step; its body free of memory effects and collectives; each
    iteration writes its own row of its outputs) that reads the loop's
    stacks only row by row, each row written by one iteration (the
    optimizer loop after a backward loop over layers): each of its
    iterations runs in the one that writes the row it reads, and a stack
    only it read is no longer built (`fuse-map-loops`). It fuses when the
    fused loop's fastest rotation is faster than the loop's fastest
    rotation plus the map loop's iteration, the function's step is not
    slower and its peak fits the budget.

    The rotation is a software pipeline: iteration i starts the prefetched
    collectives of iteration i + d (d, the depth, up to `max-depth`; at
    depth 2 and more their futures are carried as `iter_args` while in
    flight), waits for those of iteration i + 1 before its yield (their
    values carried), runs the body of iteration i and the sunk waits of
    iteration i - 1. The prologue and the epilogue each run what is left of
    the first and last d iterations (d + 1 with sunk waits).

    Every candidate (each depth up to `max-depth`, with and without sunk
    waits, with and without early starts, the prefetched and early starts
    where their inputs allow or after the iteration's own starts of their
    group) is simulated by the stream
    simulator on the steady state of the loop (eight consecutive iterations
    of the body, dependences through the iteration arguments and carried
    futures kept), and the fastest kept if it makes an iteration faster by
    at least 0.1 % (the simpler candidate on a near tie: fewer stages, the
    top of the body), its peak memory around the loop stays within the
    budget (the input's plus `memory-slack`, or `memory-budget` bytes) and no
    process group has more than `max-in-flight` collectives in flight in
    the body. The peak around a loop is estimated as the peak of one
    iteration of its body (iteration arguments live throughout) plus the
    peaks of the blocks enclosing it, up to the function's body: an upper
    bound, since not all of those are live while the loop runs. Over the
    budget, the last prefetched collective (then the last sunk one, then
    the last early one) is left in its iteration until a candidate fits.

    Only loops with a static trip count above the peeled iterations are
    rotated, one level per loop nest (the innermost loop with a movable
    collective). A rotated loop carries `sched.pipeline_depth`, the number
    of iterations peeled on each side; such a loop is not rotated again, and
    an input with two such loops in one nest is an error. Collectives that
    already carry `sched.collective_order` are not moved (run the pass
    before `sched-record-collective-order`).

    Options are checked before any work: `max-depth` 0 to 8,
    `max-in-flight` at least 1, `memory-slack` finite and non-negative,
    `memory-budget` non-negative (it replaces `memory-slack` when given).

    Remarks: one per loop with collectives, with the depth, the simulated
    time of an iteration and the body's peak memory before and after;
    with `explain`, one per candidate measured (its iteration time, peak and
    collectives in flight) and one per collective left in its iteration,
    with the reason.

    Before:

    ```mlir
    scf.for %i = %c0 to %c4 step %c1 iter_args(%x = %x0) -> (tensor<...>) {
      %shard = tensor.extract_slice %w[%i, 0, 0] [1, 512, 4096] [1, 1, 1] : ...
      %f = sched.all_gather_start %shard on @dp gather_dim = 1 : ...
      %full = sched.wait %f : ...
      %y = sched.compute "layer" ins(%x, %full : ...) -> (...)
      scf.yield %y : tensor<...>
    }
    ```

    After (the prologue gathers layer 0; iteration i gathers layer i + 1;
    the epilogue runs layer 3):

    ```mlir
    %s0 = tensor.extract_slice %w[%c0, 0, 0] ...
    %f0 = sched.all_gather_start %s0 on @dp gather_dim = 1 : ...
    %g0 = sched.wait %f0 : ...
    %r:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %x0, %full = %g0) ... {
      %next = arith.addi %i, %c1 : index
      %shard = tensor.extract_slice %w[%next, 0, 0] ...
      %f = sched.all_gather_start %shard on @dp gather_dim = 1 : ...
      %y = sched.compute "layer" ins(%x, %full : ...) -> (...)
      %g = sched.wait %f : ...
      scf.yield %y, %g : ...
    } {sched.pipeline_depth = 1 : i64}
    %out = sched.compute "layer" ins(%r#0, %r#1 : ...) -> (...)
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::sched::SchedDialect"];
  let options = [
    Option<"maxDepth", "max-depth", "int64_t", /*default=*/"1",
           "most iterations a collective is started ahead, 0 to 8 (default: 1)">,
    Option<"sinkWaits", "sink-waits", "bool", /*default=*/"true",
           "let the waits of collectives whose results only later iterations or the loop's results read sink into the next iteration (default: true)">,
    Option<"maxInFlight", "max-in-flight", "int64_t", /*default=*/"2",
           "collectives in flight at once per process group in a loop body (default: 2)">,
    Option<"memorySlack", "memory-slack", "double", /*default=*/"0.05",
           "allowed growth of the peak memory around a loop (its body and the blocks enclosing it), as a fraction (default: 0.05)">,
    Option<"memoryBudget", "memory-budget", "int64_t", /*default=*/"0",
           "peak memory limit around a loop in bytes (0: the input's plus memory-slack) (default: 0)">,
    Option<"keepCollectiveOrder", "keep-collective-order", "bool",
           /*default=*/"false",
           "issue each group's collectives in their input order (default: false)">,
    Option<"fuseMapLoops", "fuse-map-loops", "bool", /*default=*/"true",
           "run a later loop whose iterations are independent and read the rows of a stack the loop writes inside the loop's iterations, when the step is not slower and the peak fits the budget (default: true)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "emit a remark for every collective left in its iteration (default: false)">,
  ];
}

def SchedVerifySchedule : Pass<"sched-verify-schedule", "func::FuncOp"> {
  let summary = "check the invariants a schedule must keep";
  let description = [{
    Checks what must hold after scheduling, in addition to what the op
    verifiers already check (every future waited on exactly once on every
    path, in its block or through `scf.for` iteration arguments and `scf.if`
    results; docs/Rationale.md, "Futures across blocks"):

    * no op between a buffer-form start and its wait writes the collective's
      input buffers, or reads or writes its destination buffers (directly or
      through a view): the collective owns them while it is in flight. An op
      with unknown memory effects in between is reported as a possible
      conflict;
    * with `max-in-flight` > 0, no process group has more collectives in
      flight at once; in the entry block, where the function carries
      `sched.max_in_flight` (the cap `sched-schedule-overlap` kept, recorded
      in `sched-pipeline`; 0: none), that cap instead;
    * when the collectives carry `sched.collective_order` (the numbers
      `sched-record-collective-order` gave them in the input order of each
      process group), every number of a group appears exactly once (no
      collective was lost or duplicated) and, unless `allow-reorder` is set,
      the group issues them in increasing order: the same order as the input.
      Collectives inside loops and other regions count where they are in the
      function, as the walk in program order meets them.

    Deadlock freedom is `sched-verify-deadlock`'s check: this pass accepts
    an `scf.if` whose branches issue different collectives (its condition
    may be the same on every rank).

    Errors name the conflicting op and point at the collective. The IR is not
    changed. A negative `max-in-flight` is an error. The blocks of the
    function's body are checked, not the bodies of its loops; a collective
    whose future an op takes on (an `scf.for` initial value of a pipelined
    loop) is in flight up to that op.
  }];
  let options = [
    Option<"maxInFlight", "max-in-flight", "int64_t", /*default=*/"0",
           "most collectives in flight at once per group (0: no limit) (default: 0)">,
    Option<"allowReorder", "allow-reorder", "bool", /*default=*/"false",
           "accept collectives of a group issued out of their recorded input "
           "order (each must still appear once) (default: false)">,
  ];
}

def SchedVerifyDeadlock : Pass<"sched-verify-deadlock", "ModuleOp"> {
  let summary = "prove that the ranks' programs cannot deadlock";
  let description = [{
    Checks that the programs the ranks run cannot wait on each other
    forever. A function without `sched.ranks` is an SPMD program (every rank
    runs it, so the collectives of a group come in the same order on every
    rank unless control flow diverges): the branches of an `scf.if` (or any
    other non-loop op with several regions) must issue the same collectives
    (op, types and attributes) on each group in the same order, since ranks
    that take different branches would wait on each other forever. The
    check cannot prove a condition the same on every rank, so it rejects
    such a branch even where the condition is uniform. A function with
    `sched.ranks = array<i64: ...>` is a stage-specific program that the
    listed global ranks run (one function per pipeline stage). Process
    groups list their members as global ranks (as rank 0 and its peers see
    them; without `ranks`, the group is ranks 0 to size - 1). A group whose
    ranks run several stage functions links them, and then:

    * every global rank runs at most one function, and every member of a
      linked group runs one;
    * the linked functions issue the same collectives on the group (same
      op, types and attributes, a point-to-point permute included) in the
      same order: the k-th collective of one rank meets the k-th of its
      peers;
    * waiting cannot form a cycle: a simulation runs the functions side by
      side, a start never blocks, a wait passes once every member of the
      group has started that collective. If some function can never pass
      its next wait (two ranks each waiting on a collective that the other
      starts only later), the wait is reported with the one each other
      stuck function is blocked on.

    A group whose ranks meet a single stage function is that stage's own
    (its peers on other stages use a translated copy of it) and is not
    compared. Collectives in loop bodies count once, where the walk in
    program order meets them, so linked loops must have the same trip
    count; the branches of an `scf.if` count as the first branch (they must
    agree anyway). The IR is not changed.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
}

def SchedRecordCollectiveOrder
    : Pass<"sched-record-collective-order", "func::FuncOp"> {
  let summary = "number the collectives of each process group in input order";
  let description = [{
    Sets `sched.collective_order = array<i64: n>` on every collective start
    of the function: its position among the starts of its process group, in
    program order (a walk of the function, so collectives in loop bodies and
    other regions are numbered where they appear). Existing numbers are
    replaced.

    Scheduling passes keep the attribute on the ops they move, and
    `sched-bucket-collectives` gives a bucket the numbers of all its members,
    so `sched-verify-schedule` can check afterwards that each group's
    collectives are all still there, once, and in the input's order.
    `sched-pipeline` records the order first and strips it at the end.

    ```mlir
    %f = sched.all_gather_start %w on @dp gather_dim = 0
           {sched.collective_order = array<i64: 0>} : ...
    ```
  }];
}

def SchedStripCollectiveOrder
    : Pass<"sched-strip-collective-order", "func::FuncOp"> {
  let summary = "remove the recorded collective order";
  let description = [{
    Removes every `sched.collective_order` attribute from the function (the
    numbers `sched-record-collective-order` set), and the function's
    `sched.max_in_flight` (the in-flight cap `sched-schedule-overlap`
    recorded for the later passes of `sched-pipeline`).
  }];
}

def SchedBucketCollectives
    : Pass<"sched-bucket-collectives", "func::FuncOp"> {
  let summary = "merge collectives of one kind and group into variadic buckets";
  let description = [{
    Merges collective starts of the same kind, process group, reduction
    and dims (`gather_dim`, `scatter_dim`, ...) into one variadic start and
    one `sched.wait`, as Inductor's overlap-preserving bucketer does, so that
    one launch latency is paid instead of several. Members may have
    different element types (a bucket is lowered to one grouped NCCL call
    per member, which needs no common type; the runtime's flat staging
    buffer is used only for buckets of one type); with
    `mix-element-types=0` a bucket holds one element type.

    Candidates are grouped by that key, in program order or, with
    `order=exposed-first`, the least hidden first (Inductor's
    `bucket_exposed_first`), and buckets grow greedily, under
    `bucket-cap-bytes` and with at most `window` ops between the first and
    the last start of a bucket. A collective joins a bucket at one of
    Inductor's four placements: the merged start at the earlier or the later
    of the two starts (the bucket's and its own), the merged wait at the
    earlier or the later of the two waits. A placement is legal if every
    input is ready at the merged start, every result used after the merged
    wait, the compute that hid each collective of the bucket stays between
    the two, and no other collective of the group has its overlap enclosed
    by the bucket's interval or encloses the bucket's (the interval test);
    merging the starts and the waits must create no cycle in the augmented
    dependence graph (docs/Analyses.md). Of the legal placements, the stream
    simulator keeps the one that exposes the least communication, if not
    more than before, and that does not raise the peak memory.

    Merged ops carry fused locations. Remarks: one per bucket made (with the
    start and the wait it took), one per collective that joined at another
    placement than the first (and why the earlier ones were not taken), and
    one per start refused (different key, cap, window, dependence, cycle, or
    the reason of each placement).

    Before:

    ```mlir
    %f1 = sched.all_gather_start %a on @dp gather_dim = 0 : ...
    %f2 = sched.all_gather_start %b on @dp gather_dim = 0 : ...
    %x = sched.wait %f1 : ...
    %y = sched.wait %f2 : ...
    ```

    After:

    ```mlir
    %f = sched.all_gather_start %a, %b on @dp gather_dim = 0 : ...
    %x:2 = sched.wait %f : ...
    ```

    See docs/passes/BucketCollectives.md. Errors: an unknown `order` (when
    the options are parsed), `bucket-cap-bytes` below 1 or a negative
    `window` (before any work), no `#sched.target`, a collective that cannot
    be costed, an unreadable profile. An input peak over the target's HBM
    capacity: see `capacity-check`.
  }];
  let dependentDialects = ["::mlir::sched::SchedDialect"];
  let options = [
    Option<"bucketCapBytes", "bucket-cap-bytes", "int64_t",
           /*default=*/"268435456",
           "largest bucket, in bytes of the full buffers (default: 268435456)">,
    Option<"window", "window", "int64_t", /*default=*/"1000",
           "most ops between the first and the last start of a bucket (default: 1000)">,
    Option<"profilePath", "profile", "std::string", /*default=*/"\"\"",
           "measured cost profile (JSON) for the cost model (default: none)">,
    Option<"order", "order", "::mlir::sched::BucketOrder",
           /*default=*/"::mlir::sched::BucketOrder::Program",
           "candidate order within a key: program, or exposed-first (the "
           "least hidden collectives seed buckets first) (default: program)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::sched::BucketOrder::Program, "program",
                        "program order"),
             clEnumValN(::mlir::sched::BucketOrder::ExposedFirst,
                        "exposed-first",
                        "the least hidden collectives first"))}]>,
    Option<"keepCollectiveOrder", "keep-collective-order", "bool",
           /*default=*/"false",
           "refuse buckets that would issue collectives of a group in another "
           "order (another collective of the group between their starts) (default: false)">,
    Option<"mixElementTypes", "mix-element-types", "bool",
           /*default=*/"true",
           "collectives of different element types may share a bucket (a "
           "grouped call per member); otherwise one type per bucket (default: true)">,
    Option<"maxInFlight", "max-in-flight", "int64_t", /*default=*/"0",
           "most collectives of a group in flight at once in the bucketed "
           "function; a function whose buckets would put more in flight is "
           "left as it was, with a remark (0: no limit) (default: 0)">,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "emit a remark for every bucket made and every start refused "
           "(otherwise a summary per function and one remark per reason) (default: false)">,
    CapacityCheckOption,
  ];
}

def SchedInlineCompute : Pass<"sched-inline-compute", "func::FuncOp"> {
  let summary = "replace each sched.compute that has a body by its body";
  let description = [{
    The first step of the lowering: once scheduling is done, a `sched.compute`
    with a body is only a grouping of upstream ops (linalg, tensor, arith,
    ...). This pass splices the body in place of the op, mapping its block
    arguments to the `ins` and `outs` operands and its results to the values
    of `sched.yield`, so that the upstream bufferization and lowering passes
    see the body ops. Opaque ops (no body) stay; they bufferize to the buffer
    form of `sched.compute` and become runtime calls.

    Before:

    ```mlir
    %y = sched.compute "scale" ins(%x : tensor<4xf32>) -> (tensor<4xf32>) {
    ^bb0(%a: tensor<4xf32>):
      %s = arith.addf %a, %a : tensor<4xf32>
      sched.yield %s : tensor<4xf32>
    }
    ```

    After:

    ```mlir
    %y = arith.addf %x, %x : tensor<4xf32>
    ```
  }];
}

def SchedInsertDeallocs : Pass<"sched-insert-deallocs", "func::FuncOp"> {
  let summary = "free each buffer after its last use, never while in flight";
  let description = [{
    Runs after bufferization. For every `memref.alloc` that does not escape
    its block (it is not returned, yielded or stored), inserts a
    `memref.dealloc` right after the last op of the block that uses it or one
    of its views. A collective start that reads or writes the buffer keeps it
    alive until its `sched.wait`, so no buffer is freed while a collective is
    in flight on it. A buffer passed to an `scf.for` as an initial value
    lives as long as the results of the iteration arguments that may hold it:
    its own, and any whose yielded value may alias an argument that holds it
    (followed through the body to a fixed point); a body that yields its
    argument in place, as one-shot bufferization makes it, ties the buffer to
    that one result, not to all of the loop's results. A body that stores the
    argument, or hands it to a collective whose wait is not in the body,
    lets it escape (remark); one whose uses the pass does not follow (a
    nested terminator) ties it to every result. Freeing at the last use,
    rather than at the end of the
    block as the upstream ownership-based deallocation does, keeps the peak
    memory of the executable at what `sched-report` predicts.

    The destination of a collective whose future crosses its block (a
    pipelined loop, docs/Rationale.md "Futures across blocks") is freed
    after the last use of the wait's result instead, in the wait's block,
    when every start the wait's future may come from wrote a `memref.alloc`
    of its own block used by nothing else (what
    sched-bufferize-carried-futures makes).

    The input of such a collective stays in flight past its block too. When
    an `scf.for` carries the future at one position from a start before the
    loop, through a start in its body, to a wait in the body and one after
    the loop, and the body start's input is a `memref.alloc` of the body that
    the start reads once and nothing else aliases (ops of the body that read
    or write it, no store, yield or other collective: a reduce-scatter of
    each iteration's flattened gradients, an early gather of the value the
    iteration copies into its carried argument), the loop also carries that
    input as an iteration argument of its own, and it is freed right after
    the wait that ends its collective: in the next iteration, or after the
    loop. The first start's input is freed the same way when it is as much
    its own before the loop; otherwise (it is also a value the loop carries)
    it stays allocated (remark), the body frees the carried input only from
    the second iteration on (`scf.if` on the induction variable), and the
    loop's result only when the loop ran (an `scf.if` unless the trip count
    is known).

    An allocation whose aliases reach an op the pass cannot see through (a
    region terminator, a store of the memref itself, an op of unknown effects
    that captures it) is left to the caller and reported with a remark.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // SCHED_DIALECT_SCHED_TRANSFORMS_PASSES_TD
