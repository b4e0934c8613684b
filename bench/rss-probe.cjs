// Preloaded into a benchmarked process: reports its peak resident memory on exit.
process.on('exit', () => {
  process.stderr.write(`\nPEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
