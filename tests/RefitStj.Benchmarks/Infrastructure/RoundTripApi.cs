using Refit;
using RefitStj.Benchmarks.Data;

namespace RefitStj.Benchmarks.Infrastructure;

/// <summary>
/// The round-trip scenarios as a Refit interface. Refit's source generator implements it inline, which it does only
/// for non-generic interfaces (a generic one needs the separate reflection request builder package); hence a method
/// per payload type rather than one generic interface. Public, since the generated client implements it.
/// </summary>
public interface IRoundTripApi
{
    [Get("/orgs/contoso-open-source")]
    Task<Organization> GetOrganization();

    [Get("/orgs/contoso-open-source/repos")]
    Task<List<Repository>> GetRepositories();

    [Post("/locations")]
    Task<Location> PostLocation([Body] Location location);
}
