// Models written for Refit on JSON.NET against a snake_case API, now sent and read by RefitStj.
using System.Collections.Generic;
using System.Runtime.Serialization;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;

namespace JsonNetEraGitHub;

public sealed class User
{
    [JsonProperty("avatar_url")] //! RSTJ007
    public string? AvatarUrl { get; set; }

    [JsonProperty("public_repos", Order = 3)] //! RSTJ007
    public int PublicRepos { get; set; }

    [JsonProperty("bio", NullValueHandling = NullValueHandling.Ignore)] //! RSTJ007
    public string? Bio { get; set; }

    [JsonIgnore] //! RSTJ007
    public string? LocalNote { get; set; }

    [JsonProperty("login", Required = Required.Always)] //! RSTJ007 RSTJ007
    public string Login { get; set; } = "";

    public Organization? Organization { get; set; }
}

// JSON.NET leaves NotAMember out (no [DataMember] opts it in); System.Text.Json writes it unless told.
[DataContract] //! RSTJ007
public sealed class Organization
{
    [DataMember(Name = "ref_id")] //! RSTJ007
    public string? RefId { get; set; }

    [DataMember(Name = "private")] //! RSTJ007
    public bool IsPrivate { get; set; }

    [DataMember(Name = "plan")] //! RSTJ007
    public Plan Plan { get; set; }

    public string? NotAMember { get; set; }
}

[JsonConverter(typeof(StringEnumConverter))] //! RSTJ007
public enum Plan
{
    [EnumMember(Value = "free_plan")] //! RSTJ007
    Free,
    Pro,
}

public sealed class NewRepo
{
    [JsonProperty("name")] //! RSTJ007
    public string Name { get; set; } = "";

    [JsonProperty("homepage", DefaultValueHandling = DefaultValueHandling.Ignore)] //! RSTJ007
    public string? Homepage { get; set; }

    [JsonConverter(typeof(ShoutingConverter))] //! RSTJ007
    public string? Description { get; set; }
}

// A [Query] object: Refit names its keys by [JsonPropertyName] and never asked JSON.NET, so JSON.NET's app sent MinStars.
public sealed class RepoFilter
{
    [JsonProperty("min_stars")]
    public int MinStars { get; set; }
}

// Sent only by a client on Refit's own serializer: not RefitStj's concern.
public sealed class Gist
{
    [JsonProperty("html_url")]
    public string? HtmlUrl { get; set; }
}

// Used by no client at all.
public sealed class Unused
{
    [JsonProperty("unused")]
    public string? Value { get; set; }
}

public sealed class ShoutingConverter : JsonConverter<string>
{
    public override string? ReadJson(JsonReader reader, System.Type objectType, string? existingValue, bool hasExistingValue, JsonSerializer serializer) => (string?)reader.Value;

    public override void WriteJson(JsonWriter writer, string? value, JsonSerializer serializer) => writer.WriteValue(value?.ToUpperInvariant());
}
