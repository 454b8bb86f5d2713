// powerlaw_graph: writes an undirected graph with a power-law degree
// distribution (Chung-Lu: each edge's ends drawn in proportion to the
// vertices' expected degrees) in the METIS format that DIMACS10 uses: a
// line "n m", then one line per vertex listing its neighbours, 1-based.
// Deterministic for given arguments, so every build of a benchmark reads
// the same graph.
//
//   powerlaw_graph <vertices> <mean degree> <exponent> <max degree> > g.graph
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

namespace {

uint64_t State = 0x9e3779b97f4a7c15ull;
uint64_t next() { // splitmix64
  uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}
double uniform() { return (next() >> 11) * (1.0 / 9007199254740992.0); }

} // namespace

int main(int argc, char **argv) {
  if (argc != 5) {
    std::fprintf(stderr,
                 "usage: %s <vertices> <mean degree> <exponent> "
                 "<max degree>\n",
                 argv[0]);
    return 1;
  }
  const long N = std::atol(argv[1]);
  const double Mean = std::atof(argv[2]), Exponent = std::atof(argv[3]);
  const double MaxDegree = std::atof(argv[4]);
  if (N < 2 || Mean <= 0 || Exponent <= 2 || MaxDegree < Mean) {
    std::fprintf(stderr, "powerlaw_graph: need vertices >= 2, mean degree > "
                         "0, exponent > 2, max degree >= mean degree\n");
    return 1;
  }
  // Expected degrees w_i ~ (i + 1)^(-1 / (exponent - 1)), scaled to the mean.
  std::vector<double> Weight(N);
  double Sum = 0;
  for (long I = 0; I < N; ++I)
    Sum += Weight[I] = std::pow(double(I + 1), -1.0 / (Exponent - 1));
  std::vector<double> Cumulative(N);
  double Total = 0;
  for (long I = 0; I < N; ++I) {
    Weight[I] = std::min(MaxDegree, Weight[I] * Mean * N / Sum);
    Cumulative[I] = Total += Weight[I];
  }
  // High-degree vertices get ids spread over the whole range.
  std::vector<int> Id(N);
  for (long I = 0; I < N; ++I)
    Id[I] = int(I);
  for (long I = N - 1; I > 0; --I)
    std::swap(Id[I], Id[next() % uint64_t(I + 1)]);
  auto Draw = [&] {
    return long(std::lower_bound(Cumulative.begin(), Cumulative.end(),
                                 uniform() * Total) -
                Cumulative.begin());
  };
  std::vector<std::pair<int, int>> Arcs;
  const long Edges = long(Total / 2);
  Arcs.reserve(2 * Edges);
  for (long E = 0; E < Edges; ++E) {
    const int U = Id[std::min(Draw(), N - 1)], V = Id[std::min(Draw(), N - 1)];
    if (U == V)
      continue;
    Arcs.emplace_back(U, V);
    Arcs.emplace_back(V, U);
  }
  std::sort(Arcs.begin(), Arcs.end());
  Arcs.erase(std::unique(Arcs.begin(), Arcs.end()), Arcs.end());
  std::printf("%ld %zu\n", N, Arcs.size() / 2);
  size_t A = 0;
  for (long U = 0; U < N; ++U) {
    bool First = true;
    for (; A < Arcs.size() && Arcs[A].first == U; ++A) {
      std::printf(First ? "%d" : " %d", Arcs[A].second + 1);
      First = false;
    }
    // The reader splits each line at spaces; an isolated vertex's line
    // holds one space.
    std::printf(First ? " \n" : "\n");
  }
  return 0;
}
