using System.Text.Json.Serialization;
using System.Threading.Tasks;
using Refit;
using RefitStj;

namespace SharedQuerySettings;

public sealed record Filter(string Q);

public sealed record Hit(int Id, string Title);

// Flattened by RefitStj's converter, but one client below stays on Refit's serializer: that client throws.
public interface ISearchApi
{
    [Get("/search")]
    Task<Hit[]> Search([Query][QueryConverter(typeof(StjQueryConverter<Filter>))] Filter filter); //! RSTJ006
}

// Refit's converter, with clients on both serializers: one converter cannot serve both, so no fix is offered.
public interface ISuggestApi
{
    [Get("/suggest")]
    Task<Hit[]> Suggest([Query][QueryConverter(typeof(SystemTextJsonQueryConverter<Filter>))] Filter filter); //! RSTJ005
}

// Refit's converter on a generic interface closed twice, over RefitStj: reported once.
public interface IPagedApi<T>
{
    [Get("/page")]
    Task<T[]> Page([Query][QueryConverter(typeof(SystemTextJsonQueryConverter<Filter>))] Filter filter); //! RSTJ005
}

// Refit's converter on clients whose settings other code can replace: not certain, so no error.
public interface IArchiveApi
{
    [Get("/archive")]
    Task<Hit[]> Find([Query][QueryConverter(typeof(SystemTextJsonQueryConverter<Filter>))] Filter filter);
}

// The format it had on Refit's ForContext, stated as RSTJ003's fix states it: the wire is the user's, no RSTJ002.
[JsonSourceGenerationOptions(System.Text.Json.JsonSerializerDefaults.General)]
[JsonSerializable(typeof(Hit[]))]
[JsonSerializable(typeof(Filter))]
[JsonSerializable(typeof(Filter[]))]
internal sealed partial class SearchJsonContext : JsonSerializerContext;
