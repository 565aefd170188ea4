using System.Globalization;
using System.Runtime.Serialization;
using Newtonsoft.Json;
using Newtonsoft.Json.Converters;

// The models as a JSON.NET-era app writes them against a snake_case API. Every System.Text.Json attribute here is one
// the app's own code needs whatever the fix does: the twin of its own JSON.NET converter (the rule names that converter
// and has no fix for it).
public sealed class User
{
    [JsonProperty("avatar_url", NullValueHandling = NullValueHandling.Ignore)]
    public string? AvatarUrl { get; set; }

    [JsonProperty("public_repos", Order = 5)]
    public int PublicRepos { get; set; }

    [JsonProperty("followers", DefaultValueHandling = DefaultValueHandling.Ignore)]
    public int Followers { get; set; }

    [JsonProperty("bio", NullValueHandling = NullValueHandling.Ignore)]
    public string? Bio { get; set; }

    // Kept local on purpose: never sent.
    [JsonIgnore]
    public string? LocalNote { get; set; }

    [JsonProperty("login", Required = Required.Always)]
    public string Login { get; set; } = "";

    [JsonProperty("plan")]
    public Plan Plan { get; set; }

    [JsonProperty("kind")]
    [JsonConverter(typeof(StringEnumConverter))]
    public Kind Kind { get; set; }

    [JsonProperty("created_at")]
    [JsonConverter(typeof(UnixSecondsConverter))]
    [System.Text.Json.Serialization.JsonConverter(typeof(UnixSecondsJsonConverter))]
    public DateTimeOffset CreatedAt { get; set; }

    [JsonProperty("organization", NullValueHandling = NullValueHandling.Ignore)]
    public Organization? Organization { get; set; }
}

public enum Kind
{
    Person,
    BotAccount,
}

[DataContract]
public sealed class Organization
{
    [DataMember(Name = "ref_id")]
    public string? RefId { get; set; }

    [DataMember(Name = "private")]
    public bool IsPrivate { get; set; }
}

[JsonConverter(typeof(StringEnumConverter))]
public enum Plan
{
    [EnumMember(Value = "free_plan")]
    Free,
    ProPlus,
}

public sealed class SignUp
{
    [JsonProperty("user_name")]
    public string? UserName { get; set; }

    [JsonProperty("invite_code")]
    public string? InviteCode { get; set; }
}

public sealed class Filter
{
    [JsonProperty("min_stars")]
    public int MinStars { get; set; }
}

/// <summary>The app's own JSON.NET converter: times as Unix seconds.</summary>
public sealed class UnixSecondsConverter : JsonConverter<DateTimeOffset>
{
    public override void WriteJson(JsonWriter writer, DateTimeOffset value, JsonSerializer serializer) => writer.WriteValue(value.ToUnixTimeSeconds());

    public override DateTimeOffset ReadJson(JsonReader reader, Type objectType, DateTimeOffset existingValue, bool hasExistingValue, JsonSerializer serializer) =>
        DateTimeOffset.FromUnixTimeSeconds(Convert.ToInt64(reader.Value, CultureInfo.InvariantCulture));
}

/// <summary>What the rule's message asks for: the same converter for System.Text.Json.</summary>
public sealed class UnixSecondsJsonConverter : System.Text.Json.Serialization.JsonConverter<DateTimeOffset>
{
    public override DateTimeOffset Read(ref System.Text.Json.Utf8JsonReader reader, Type typeToConvert, System.Text.Json.JsonSerializerOptions options) =>
        DateTimeOffset.FromUnixTimeSeconds(reader.GetInt64());

    public override void Write(System.Text.Json.Utf8JsonWriter writer, DateTimeOffset value, System.Text.Json.JsonSerializerOptions options) =>
        writer.WriteNumberValue(value.ToUnixTimeSeconds());
}
