#region snippet: source-generated-refit16
using System.Text.Json.Serialization;
#endregion

namespace RefitStj.Tests.Suites.Readme;

// README's block for Refit 16's wire over a context, a file of its own as README shows it; ReadmeRefitSnippets runs it.

#region snippet: source-generated-refit16
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase, PropertyNameCaseInsensitive = true,
    NumberHandling = JsonNumberHandling.AllowReadingFromString,
    Converters = new[] { typeof(RefitObjectConverter), typeof(RefitEnumConverter<RepoKind>) })]
[JsonSerializable(typeof(Repo))]
internal sealed partial class Refit16JsonContext : JsonSerializerContext;
#endregion
